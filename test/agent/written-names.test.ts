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

// A web server's manual: HTTP and the number 2 are both in it, never side by side as a protocol's version.
const WEB = {
  'webd.md':
    '# webd\n\nwebd is a small web server. It speaks HTTP/1.1 on every port it listens on and keeps connections ' +
    'alive by default.\n\n## Configuration\n\nwebd reads /etc/webd.conf. Version 2 of its format, read since webd 1.4, ' +
    'adds one section per HTTP virtual host.\n',
};

// Another web server's manual, which writes the version run together.
const SRV = {
  'srvd.md':
    '# srvd\n\nsrvd is a web daemon for static sites.\n\n## Protocols\n\nEnable HTTP2 with the http2 = yes option in ' +
    '/etc/srvd.conf. Clients that cannot speak it keep using the older protocol.\n',
};
// A file server's manual that never names CIFS.
const SMB = {
  'samba.md':
    '# Samba\n\nSamba shares folders with Windows machines on the network.\n\n## Shares\n\nEach share is a section of ' +
    '/etc/samba/smb.conf with a path and the users who may read it. Restart smbd after editing the file.\n',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { calc: CALC, mail: MAIL, web: WEB, srv: SRV, smb: SMB } });
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

test('a protocol version the source never writes is refused, naming it; one it writes, run together too, is there', async () => {
  const refused = await askOnce(server.deps, { question: 'Does webd speak HTTP/2?', sources: ['web'] });
  assert.equal(refused.status, 'refused', refused.answer);
  assert.equal(refused.refusal_reason, 'missing_focus');
  assert.match(refused.refusal_detail ?? '', /http\/2/);
  const answered = await askOnce(server.deps, {
    question: 'Does webd keep HTTP/1.1 connections alive?',
    sources: ['web'],
  });
  assert.equal(answered.status, 'answered', answered.answer);
  assert.match(answered.answer, /HTTP\/1\.1/);
  // Asked as a follow-up, the version is the follow-up's own word, not one the conversation carries.
  const followUp = await askOnce(server.deps, {
    question: 'Does it speak HTTP/2?',
    sources: ['web'],
    history: [{ role: 'user', content: 'We run webd on our intranet.' }],
  });
  assert.equal(followUp.status, 'refused', followUp.answer);
  assert.match(followUp.refusal_detail ?? '', /http\/2/);
  // So are the names a follow-up writes with a slash between them: the source names Samba, never CIFS.
  const paired = await askOnce(server.deps, {
    question: 'Does it speak Samba/CIFS?',
    sources: ['smb'],
    history: [{ role: 'user', content: 'We export our folders with the file server.' }],
  });
  assert.equal(paired.refusal_reason, 'missing_focus', paired.answer);
  assert.match(paired.refusal_detail ?? '', /cifs/);
  // A source that writes the version run together ("HTTP2", one token to the full-text index) has it.
  const together = 'How do I enable HTTP/2 in srvd?';
  const src = await server.deps.store.source('srv');
  const hits = await server.deps.retriever.search({ query: together, sources: ['srv'], topK: 8 });
  const evidence = hits.map((h, i) => ({ ...h, n: i + 1, found_by: together }));
  const signals = await checkFocus(together, src, evidence);
  assert.deepEqual(
    signals.map((f) => [f.term, f.in_source]),
    [
      ['srvd', true],
      ['http/2', true],
    ],
  );
});
