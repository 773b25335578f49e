import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { askOnce } from '../../src/service/ask.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A manual that uses a term in passing in its chapters and defines it in its glossary, as man-db's manual does.
const CHAPTER = `Cat pages

When man formats a manual page it may keep the formatted copy, a cat page, for the next time it is asked for.
It is possible for a system to be supplied with stray cat pages located in the traditional cat page hierarchy.
In such circumstances, stray cat pages will be accepted with any compression extension that man supports.
This special treatment of stray cat pages is removed if compressed manual pages are turned off.
`;

const GLOSSARY = `Glossary

manual page A file describing the use of a program, a function or the structure of a file.
cat page A formatted manual page suitable for viewing on a terminal.
stray cat page A cat page that does not have a relative manual page on the system, so only the cat page was supplied.
section Each manual page or cat page hierarchy is divided into sections, each with its own directory.
`;

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { mandb: { 'cats.txt': CHAPTER, 'glossary.txt': GLOSSARY } } });
});
after(() => server.close());

test('a "what is" question is answered with the sentence that defines the term, not one that uses it', async () => {
  const r = await askOnce(server.deps, { question: 'What is a stray cat page?', sources: ['mandb'] });
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /^stray cat page A cat page that does not have a relative manual page/);
});
