import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { askOnce } from '../../src/service/ask.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A two-page handbook and a plain-text manual page whose list sits under a lead-in sentence.
const HANDBOOK = {
  'refunds.md': '# Refunds\n\nRefunds are paid to the original card within 5 business days of approval.\n',
  'shipping.md': '# Shipping\n\nOrders ship from the Leeds warehouse. Tracking numbers arrive by email.\n',
};
const MANUAL = `2.3 Exit status
===============

An exit status of zero indicates success. Frob returns the following exit status values:

0
     Successful completion.

4
     An I/O error, or a serious processing error during runtime; frob stopped at once.

   Additionally, the command 'Q' can end frob with a custom exit code value (a frob extension):

     $ echo | frob 'Q42'
`;

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { handbook: HANDBOOK, manual: { 'frob.info.txt': MANUAL } } });
});
after(() => server.close());

test('"how long … take" asks for a duration: its words are the question\'s form, not content the passage lacks', async () => {
  const r = await askOnce(server.deps, { question: 'How long do refunds take?', sources: ['handbook'] });
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /within 5 business days/);
  assert.equal(r.citations[0]?.doc_id, 'refunds.md');
});

test('a lead-in ending with a colon never leads the answer; the list entry under the asked heading does', async () => {
  const r = await askOnce(server.deps, { question: 'What does exit status 4 mean for frob?', sources: ['manual'] });
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /^4 An I\/O error/);
  assert.doesNotMatch(r.answer, /following exit status values:|custom exit code value \(a frob extension\):/);
});
