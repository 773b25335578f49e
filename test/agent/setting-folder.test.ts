import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradeEvidence } from '../../src/agent/reasoner/builtin/grade.ts';
import { testHit } from '../helpers/chunk-rows.ts';
import { gradeInput } from '../helpers/grade-input.ts';

const QUESTION =
  'As the admin I put editor settings for all users into /etc/vim/vimrc.local, but the built-in defaults.vim ' +
  'overrides them for users without a vimrc. How do I stop the defaults from loading?';
const TEXT =
  'To stop the defaults from loading for users without a vimrc, add "let skip_defaults_vim = 1" to your system ' +
  'vimrc; the built-in defaults.vim then does not override the settings.';
// The source never writes `/etc/vim/vimrc.local`: the admin's file is where the question comes from.
const focus = [
  { term: '/etc/vim/vimrc.local', kind: 'identifier' as const, in_source: false, in_evidence: false },
  { term: 'defaults.vim', kind: 'identifier' as const, in_source: true, in_evidence: true },
];
const grade = (path: string, terms = focus) =>
  gradeEvidence({ ...gradeInput(QUESTION, [testHit('v', TEXT, 1, { path, doc_id: path })]), focus: terms });

/** The grade's action, and its caveat if any. */
const told = (g: ReturnType<typeof gradeEvidence>) =>
  g.action.type === 'answer' ? `answer${g.action.caveat ? `: ${g.action.caveat}` : ''}` : g.action.type;

test('a name only in the setting is no focus when the best chunk holds another, or is in a folder the question names', () => {
  // Another focus term of the question is in the best chunk: the file in the setting need not be.
  assert.equal(told(grade('doc/options.txt')), 'answer');
  // Only the setting's file is a focus term: the best chunk in Vim's folder says the question is about Vim …
  const only = [focus[0]!];
  assert.equal(told(grade('docs/vim/doc/starting.txt', only)), 'answer');
  // … and one elsewhere does not: the answer says no passage is about the file (a name told only in the setting
  // refuses nothing: stop 58) …
  assert.equal(told(grade('docs/nano/doc/faq.txt', only)), 'answer: no passage about /etc/vim/vimrc.local');
  // … and when the source has it elsewhere, it is searched for.
  const elsewhere = grade('docs/nano/doc/faq.txt', [{ ...focus[0]!, in_source: true }]);
  assert.equal(elsewhere.action.type, 'search', elsewhere.reason);
  // Asked about in the sentence that asks, a name the source never mentions refuses the question.
  const asked = gradeEvidence({
    ...gradeInput('How do I stop defaults.vim from overriding /etc/vim/vimrc.local?', [
      testHit('v', TEXT, 1, { path: 'docs/nano/doc/faq.txt', doc_id: 'faq' }),
    ]),
    focus: only,
  });
  assert.equal(asked.action.type, 'refuse', asked.reason);
  assert.match(asked.reason, /vimrc\.local/);
});

test('the folder is named by a word that ends a sentence too ("… open in ed.")', () => {
  const question = 'My SSH connection dropped while I had unsaved changes open in ed. Is the buffer lost?';
  const text =
    'If ed receives a SIGHUP signal, it attempts to write the buffer to the file ed.hup, so the buffer is not lost.';
  const ssh = [{ term: 'ssh', kind: 'name' as const, in_source: false, in_evidence: false }];
  const at = (path: string) =>
    gradeEvidence({ ...gradeInput(question, [testHit('e', text, 1, { path, doc_id: path })]), focus: ssh });
  assert.equal(told(at('corpus/ed/ed.info.gz')), 'answer');
  assert.equal(told(at('corpus/sed/sed.info.gz')), 'answer: no passage about ssh');
  // The folder that was ingested names no program: "ed" over `ed/notes.txt` is only where the user put the files;
  // nor does a kind of page below the package ("buffer" over `corpus/nano/buffer/…`).
  assert.equal(told(at('ed/notes.txt')), 'answer: no passage about ssh');
  assert.equal(told(at('corpus/nano/buffer/ed.txt')), 'answer: no passage about ssh');
});

test('a name a condensed follow-up carries in its closing brackets is where the conversation stands, not its focus', () => {
  const text =
    "Nickname name: set the relay's name, so people can refer to it without its key. Nicknames must be between 1 " +
    'and 19 characters long, allowed characters only [a-zA-Z0-9].';
  const vps = [{ term: 'vps', kind: 'name' as const, in_source: false, in_evidence: false }];
  const ask = (question: string, followUp?: string) =>
    gradeEvidence({
      ...gradeInput(question, [testHit('t', text, 1, { path: 'tor/torrc.5', doc_id: 'tor' })]),
      focus: vps,
      followUp,
    });
  // Carried from the earlier turns ("I'm running tor as a relay on a small VPS."): the source need not say VPS.
  const followUp = 'How long is that allowed to be?';
  const carried = ask(`${followUp} (give relay name people refer key VPS)`, followUp);
  assert.equal(carried.action.type, 'answer', carried.reason);
  // Asked about in the question itself, it is still the focus.
  for (const [question, own] of [
    ['How long may a relay nickname be on a VPS?', undefined],
    ['How long may it be on my VPS? (relay name)', 'How long may it be on my VPS?'],
  ] as const) {
    const g = ask(question, own);
    assert.equal(g.action.type, 'refuse', `${question}: ${g.reason}`);
    assert.match(g.reason, /vps/);
  }
  // In a bracket the user wrote after the question, it says where the user is: answered, saying no passage is about it.
  assert.equal(told(ask('How long may a relay nickname be? (on a VPS)')), 'answer: no passage about vps');
});

test('a name the asker gave a file of theirs ("a rule file named my.app") is no focus the source must mention', () => {
  const text =
    'Files in /etc/logcheck/ignore.d.server are only used when their names contain letters, digits, underscores ' +
    'and hyphens: if your filename contains dots you should replace them with underscores.';
  const myApp = [{ term: 'my.app', kind: 'identifier' as const, in_source: false, in_evidence: false }];
  const ask = (question: string) =>
    gradeEvidence({
      ...gradeInput(question, [testHit('l', text, 1, { path: 'logcheck/README', doc_id: 'logcheck' })]),
      focus: myApp,
    });
  for (const q of [
    'Why is a logcheck rule file named my.app in /etc/logcheck/ignore.d.server not being used?',
    'Why is a logcheck rule file named "my.app" in /etc/logcheck/ignore.d.server not being used?',
    'Why is the rule file I named `my.app` in /etc/logcheck/ignore.d.server not being used?',
  ]) {
    const named = ask(q);
    assert.equal(named.action.type, 'answer', `${q}: ${named.reason}`);
  }
  // Asked about by its name, it is the focus: the source never mentions it.
  const about = ask('Why is my.app not used by logcheck in /etc/logcheck/ignore.d.server?');
  assert.equal(about.action.type, 'refuse', about.reason);
  assert.match(about.reason, /my\.app/);
});

test('a name a question asks about in a question of its own before the last one is its focus, not its setting', () => {
  const text =
    'GOsa manages the accounts of the students and teachers of a school: the main server keeps them in its LDAP ' +
    'directory, and links them to Samba and Kerberos.';
  const focus = [
    { term: 'moodle', kind: 'name' as const, in_source: false, in_evidence: false },
    { term: 'gosa', kind: 'name' as const, in_source: true, in_evidence: true },
  ];
  const ask = (question: string) =>
    gradeEvidence({ ...gradeInput(question, [testHit('m', text, 1, { path: 'edu/manual.html' })]), focus });
  // Asked first, then the question goes on: the source never mentions what the first question asks about.
  const asked = ask('Our school runs Moodle. Does the main server come with Moodle? Or can GOsa link its accounts?');
  assert.equal(asked.action.type, 'refuse', asked.reason);
  assert.match(asked.reason, /moodle/);
  // Told only as where the asker stands, it is the setting.
  const told = ask('Our school runs Moodle for its classes. Can GOsa manage the accounts of our students?');
  assert.equal(told.action.type, 'answer', told.reason);
});
