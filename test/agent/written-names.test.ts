import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkFocus } from '../../src/agent/tools/focus.ts';
import { askOnce } from '../../src/service/ask.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// Two folders that both use the word "postfix": one only as notation, the other also as the mail server's name.
const CALC = {
  'calc.md':
    '# calc\n\ncalc reads expressions in postfix notation: the operator comes after its operands, so 3 4 + is 7.\n\n' +
    '## Configuration\n\nTo configure calc, write its settings to ~/.calcrc; relay mode sends results to a printer.\n',
};
const MAIL = {
  ...CALC,
  'relay.md':
    '# Mail relay\n\nOn this host outgoing mail is handed to Postfix. To relay it through a smarthost, set relayhost ' +
    'in /etc/postfix/main.cf and reload the service.\n',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { calc: CALC, mail: MAIL } });
});
after(() => server.close());

const QUESTION = 'How do I configure Postfix to relay outgoing mail?';

async function focus(source: string) {
  const src = await server.deps.store.source(source);
  const hits = await server.deps.retriever.search({ query: QUESTION, sources: [source], topK: 8 });
  const evidence = hits.map((h, i) => ({ ...h, n: i + 1, found_by: QUESTION }));
  return (await checkFocus(QUESTION, src, evidence)).map((f) => [f.term, f.written, f.in_source]);
}

test('a name the question capitalises is not in a source that only uses the word otherwise', async () => {
  // The source finds "postfix" as a word, but never writes it as the name the question asks about.
  assert.deepEqual(await focus('calc'), [['postfix', 'Postfix', false]]);
  const r = await askOnce(server.deps, { question: QUESTION, sources: ['calc'] });
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.equal(r.refusal_detail, 'no passage about postfix');
});

test('where a document writes it as a name, it is there and the question is answered', async () => {
  assert.deepEqual(await focus('mail'), [['postfix', 'Postfix', true]]);
  const r = await askOnce(server.deps, { question: QUESTION, sources: ['mail'] });
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /relayhost/);
});
