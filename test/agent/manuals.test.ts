import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { gradeEvidence } from '../../src/agent/reasoner/builtin/grade.ts';
import { checkAbsentWords, checkFocus, checkOwner } from '../../src/agent/tools/focus.ts';
import { condensedOther, userTurns } from '../../src/agent/turns.ts';
import type { ChatTurn } from '../../src/agent/types.ts';
import type { Hit } from '../../src/retrieval/types.ts';
import { askOnce } from '../../src/service/ask.ts';
import { splitSentences } from '../../src/text/index.ts';
import { asEvidence, gradeInput } from '../helpers/grade-input.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A small folder of manuals written for this test: a man page with options under term lines, an HTML page, and a
// FAQ whose question lines must never be given as answers.
const MAN = `FETCHER(1)                 User Commands                FETCHER(1)

NAME
       fetcher - transfer a URL

DESCRIPTION
       fetcher is a tool to transfer data from or to a server. It supports many protocols.

OPTIONS
       -L, --location
              If the server reports that the requested page has moved to a different location, this option makes
              fetcher redo the request on the new place. Redirects are followed up to 50 times.

       -k, --insecure
              By default every secure connection is verified. This option makes fetcher skip the verification step
              and proceed without checking the certificate.

       -m, --max-time <seconds>
              Maximum time in seconds that you allow the whole operation to take. This is useful for preventing
              batch jobs from hanging for hours due to slow networks.

       --retry-on=<none|timeouts|all>
              When set to none, fetcher gives up after the first failed transfer. When set to timeouts, fetcher
              tries again only when the server did not answer in time. When set to all, fetcher tries again after
              any failure, refused connections included.

       --[no-]progress-meter
              Show or hide the progress bar while a transfer runs. It is shown by default when the output is a
              terminal.

FORMAT
       With --write-out, fetcher prints a summary after each transfer, as its format string says; the
       format string holds plain text and these one-letter specifiers of what to print:

       'x'
              Exit status of the transfer.

       'X'
              Average speed of the whole transfer, in kilobytes per second.

EXIT CODES
       6      Could not resolve host. The given remote host was not resolved.
       28     Operation timeout. The specified time-out period was reached according to the conditions.

SEE ALSO
       ftp(1), wget(1)
`;

const FAQ = `Frequently asked questions

How do I resume an interrupted download?

Use the --continue-at option with a dash, and fetcher works out where to resume the transfer by itself.

Why is my download slow?

Slow downloads usually come from the network. Limit the time a transfer may take with --max-time.

Can fetcher resume an interrupted upload?

No. Only downloads are resumed, with the --continue-at option; an upload starts over.

How do I keep only some lines of the output?

Pipe the output of fetcher through grep, which prints the lines that match a pattern.

How do I check every link of a page?

Run fx-links with the address of the page: it fetches each link the page holds and lists the ones that fail.
`;

const HTML = `<html><head><title>Configuration file</title></head><body>
<nav><a href="index.html">Home</a> <a href="faq.html">FAQ</a></nav>
<h1>Configuration file</h1>
<p>fetcher reads its defaults from the file .fetcherrc in the home directory. Each line holds one option.</p>
<h2>Disabling the configuration file</h2>
<p>Pass -q as the first argument to make fetcher ignore the configuration file for a single run.</p>
</body></html>`;

const CACHE = `# Caching

## Where the cache is stored

Linux

\`\`\`
~/.cache/fetcher
\`\`\`

fetcher also respects XDG_CACHE_HOME.

Windows

\`\`\`
%LocalAppData%\\fetcher\\Cache
\`\`\`
`;

let server: TestServer;
before(async () => {
  server = await startTestServer({
    sources: { manuals: { 'fetcher.1.txt': MAN, 'faq.txt': FAQ, 'config.html': HTML, 'caching.md': CACHE } },
  });
});
after(() => server.close());

const ask = (question: string) => askOnce(server.deps, { question, sources: ['manuals'] });

test('a question whose answer is a command option finds the option', async () => {
  const r = await ask('How do I make fetcher follow a page that moved to another location?');
  assert.equal(r.status, 'answered', r.answer);
  const cited = r.citations.map((c) => c.text).join(' ');
  assert.match(`${r.answer} ${cited}`, /redo the request on the new place/);
  // The option's chunk is cited, and the option is in it.
  const doc = r.citations.find((c) => c.doc_id === 'fetcher.1.txt');
  assert.ok(doc, JSON.stringify(r.citations));
});

test("an option question is answered with the option's entry: its term line and the description under it", async () => {
  const r = await ask('Which fetcher option makes it proceed without checking the certificate?');
  assert.equal(r.status, 'answered', r.answer);
  // The answer is the entry's second sentence: quoted under its term line, which is said once.
  assert.match(r.answer, /^-k, --insecure: This option makes fetcher skip the verification step/);
  assert.equal(r.answer.match(/--insecure/g)?.length, 1, r.answer);
  assert.match(r.citations[0]!.text, /^-k, --insecure/);
});

test("a question setting an option to a value is answered with the entry's sentence about that value", async () => {
  // "all" is a stop word: the value, not the words, tells the entry's three sentences apart.
  const r = await ask('What does --retry-on=all do?');
  assert.equal(r.status, 'answered', r.answer);
  assert.match(
    r.answer,
    /^(?:--retry-on=<none\|timeouts\|all>:? )?When set to all, fetcher tries again after any failure/,
  );
});

test('a question naming a one-letter entry is answered with that entry, not with the words around it', async () => {
  // "x" is too short to be a search term, and 'X' is another entry: the term line the question names, as written.
  const r = await ask("What does the format specifier x print in fetcher's summary?");
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /^'x' Exit status of the transfer\. \[1\]/);
});

test('a where-question is answered with the path line over the sentence, which is checked as a claim of its own', async () => {
  const r = await ask('Where does fetcher keep its cache on Linux?');
  assert.equal(r.status, 'answered', r.answer);
  // The path line right above the sentence is quoted with it as it reads.
  assert.match(r.answer, /~\/\.cache\/fetcher fetcher also respects XDG_CACHE_HOME\./);
});

test("a yes/no question is answered with a FAQ's 'No.' and the sentence that says why", async () => {
  const r = await ask('Can fetcher resume an upload that was interrupted?');
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /^No\. \[1\] Only downloads are resumed/);
});

test('a question told with a setting is graded on what it asks', async () => {
  // The setting's words ("morning", "photos", "laptop") are how the user came to ask, and the FAQ has none of them:
  // coverage weighs them at half, so the FAQ's answer covers the question (at full weight, under half of it).
  const question =
    'Every morning I copy photos from the office file server to my laptop. Why is the download slow, and how do I limit the time it may take?';
  const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
  const faq = hits.filter((h) => h.doc_id === 'faq.txt' && /Slow downloads/.test(h.text));
  assert.equal(faq.length, 1);
  const input = gradeInput(question, faq);
  const grade = gradeEvidence(input);
  assert.equal(grade.action.type, 'answer', grade.reason);
  assert.ok(grade.coverage >= 0.5, String(grade.coverage));
  // The sentence that asks is the one with the question mark, wherever it stands.
  const [setting, asks] = question.split(/(?<=\.) /);
  const reordered = gradeEvidence({ ...input, question: `${asks} ${setting}` });
  assert.equal(reordered.action.type, 'answer', reordered.reason);
  // Key terms only the setting names (where the user runs it) are no terms the answer must hold.
  const onPi = `On my Raspberry Pi I copy photos from the office file server. ${asks}`;
  const pi = gradeEvidence({ ...input, question: onPi });
  assert.equal(pi.action.type, 'answer', pi.reason);
  assert.equal(pi.signals?.key_term_coverage, 1);
  // A number the setting gives as an example ("like 0x4005d4") is one of many the answer is about, not a key term,
  // though the asking sentence refers back to it ("it").
  const example = gradeEvidence({ ...input, question: `My logs show odd codes like 0x4005d4 in the morning. ${asks}` });
  assert.equal(example.action.type, 'answer', example.reason);
  assert.equal(example.signals?.key_term_coverage, 1);
  // So is a clause opening the asking sentence with the system it is asked on: the FAQ never says "Linux".
  const onLinux = gradeEvidence({ ...input, question: `On Linux, ${asks!.replace(/^W/, 'w')}` });
  assert.equal(onLinux.action.type, 'answer', onLinux.reason);
  assert.equal(onLinux.signals?.key_term_coverage, 1);
});

test('a question asking what happens "unless told otherwise" is answered with what the manual says happens by default', async () => {
  // Read word by word, "told" and "otherwise" are in no passage: the question had been refused.
  const r = await ask('How does fetcher treat a secure connection unless told otherwise?');
  assert.equal(r.status, 'answered', r.answer);
  // It leads; the sentence after it in its entry goes on from it (how to skip the check).
  assert.match(r.answer, /^By default every secure connection is verified\. \[1\]/);
});

test('a word with two letters typed the other way round is read as the word the best chunks hold', async () => {
  // "palce" is in no passage: as a name the source never mentions, it had the question refused.
  const r = await ask('Will fetcher follow the server to the new palce when the page has moved?');
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /redo the request on the new place/);
  // Graded weak for the word, it tried a vector search, which found nothing new: the run stops for no progress and
  // answers from the hybrid evidence, which covers the question (`switched_mode` refuses only what a switch promoted).
  const trace = (await server.deps.traces.get(r.run_id))!;
  assert.deepEqual(
    trace.filter((x) => x.type === 'switch').map((x) => [x.data.kind, x.data.to]),
    [['mode', 'vector']],
  );
  assert.ok(trace.some((x) => x.type === 'guardrail' && x.data.name === 'no_progress'));
  assert.ok(!trace.some((x) => x.type === 'promote'));
});

test('an option the manual writes with its negation in brackets is found by either name', async () => {
  // "--[no-]progress-meter" stands for --progress-meter and --no-progress-meter: the second had been an identifier
  // the source never mentions, and the question refused.
  for (const option of ['--no-progress-meter', '--progress-meter']) {
    const r = await ask(`What does the ${option} option of fetcher do?`);
    assert.equal(r.status, 'answered', r.answer);
    assert.match(r.answer, /Show or hide the progress bar/);
  }
});

test('an exit code question is answered from the exit code list', async () => {
  const r = await ask('My fetcher script ended with exit code 28. What went wrong?');
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /Operation timeout/);
});

test('a question about a tool the folder does not document is refused, naming what is missing', async () => {
  const r = await ask('How do I make rsync delete files on the receiver that are gone from the sender?');
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.match(r.refusal_detail ?? '', /rsync/);
  assert.match(r.answer, /No passage about rsync/);
  // The folder names wget only in a SEE ALSO list: a mention is not a passage about it.
  const mentioned = await ask('How do I make wget mirror an entire website for offline viewing?');
  assert.equal(mentioned.status, 'refused', mentioned.answer);
  assert.match(mentioned.refusal_detail ?? '', /wget/);
  const opt = await ask('What does the --retry-all-errors option of fetcher do?');
  assert.equal(opt.status, 'refused', opt.answer);
  assert.match(opt.refusal_detail ?? '', /--retry-all-errors/);
});

test('the words of a question a source never uses: none in a small source, and a refusal naming two', async () => {
  const src = await server.deps.store.source('manuals');
  const question = 'Which fetcher option encrypts the file with a password?';
  const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
  const evidence = asEvidence(question, hits);
  // This folder is a few chunks: a word it lacks ("another") says nothing, so nothing is looked up by default.
  assert.deepEqual(await checkAbsentWords(question, src, evidence), []);
  // Counted as if the source were large: the feature's words are what it lacks ("option" and "file" are there).
  assert.deepEqual((await checkAbsentWords(question, src, evidence, { minRows: 1 })).sort(), ['encrypts', 'password']);
  // A compound of ordinary words is read word by word: the source may hyphenate otherwise, not do without its words.
  const compound = 'Can fetcher password-protect the file?';
  const compoundHits = await server.deps.retriever.search({ query: compound, sources: ['manuals'], topK: 8 });
  const compoundEvidence = asEvidence(compound, compoundHits);
  // It is one word of the question, and one missing: a paraphrase alone, which grading lets through.
  assert.deepEqual(await checkAbsentWords(compound, src, compoundEvidence, { minRows: 1 }), ['password protect']);
  // In a long question told in a user's own words, two such words are its setting, not what it asks about.
  const told =
    'My download from the server was interrupted yesterday on my laptop. How do I make fetcher resume the interrupted download and keep the data?';
  const toldHits = await server.deps.retriever.search({ query: told, sources: ['manuals'], topK: 8 });
  const toldEvidence = asEvidence(told, toldHits);
  assert.deepEqual(await checkAbsentWords(told, src, toldEvidence, { minRows: 1 }), []);
  // Words the setting alone says are the asker's situation, however many the source lacks: only those of a sentence
  // that asks can be missing.
  const setting = 'Our archives drift gradually and the hums keep recurring overnight. Which fetcher option retries?';
  const settingHits = await server.deps.retriever.search({ query: setting, sources: ['manuals'], topK: 8 });
  assert.deepEqual(await checkAbsentWords(setting, src, asEvidence(setting, settingHits), { minRows: 1 }), []);
  const asking = 'Which fetcher option retries when the archives drift gradually and the hums keep recurring?';
  const askingHits = await server.deps.retriever.search({ query: asking, sources: ['manuals'], topK: 8 });
  assert.ok((await checkAbsentWords(asking, src, asEvidence(asking, askingHits), { minRows: 1 })).length >= 2);
  const input = { ...gradeInput(question, hits), absentWords: ['encrypts', 'password'] };
  const grade = gradeEvidence(input);
  assert.deepEqual(grade.action, {
    type: 'refuse',
    reason: 'missing_focus',
    detail: 'no passage about encrypts, password',
  });
  assert.deepEqual(grade.signals?.absent_words, ['encrypts', 'password']);
  // The grade names the rule that refused, for the trace and the eval's refusals by rule.
  assert.equal(grade.rule, 'absent_words');
  // One word a source lacks is a paraphrase ("chase" for "follow"), not a missing feature: what refuses this question
  // then is that no option's sentence says what it asks for (of fetcher's chunks: the FAQ's "file" is not fetcher's).
  const one = gradeEvidence({ ...input, absentWords: ['chase'] });
  assert.deepEqual(one.action, {
    type: 'refuse',
    reason: 'missing_focus',
    detail: 'no option of fetcher described with encrypts, file, password',
  });
  assert.equal(one.rule, 'entry');
  // An answer names no rule.
  const retries = 'Which fetcher option tries again after any failure?';
  const retryHits = await server.deps.retriever.search({ query: retries, sources: ['manuals'], topK: 8 });
  const answered = gradeEvidence(gradeInput(retries, retryHits));
  assert.notEqual(answered.action.type, 'refuse');
  assert.equal(answered.rule, undefined);
});

test("a follow-up's own words the source never uses: one refuses it, unless it is a typo or the setting", async () => {
  const src = await server.deps.store.source('manuals');
  const search = (query: string) => server.deps.retriever.search({ query, sources: ['manuals'], topK: 8 });
  // Condensed, the follow-up carries the conversation's words, which the folder has: only the user's own are read.
  const followUp = 'And over gopher?';
  const question = `${followUp} (fetcher transfer protocols)`;
  const hits = await search(question);
  const evidence = asEvidence(question, hits);
  assert.deepEqual(await checkAbsentWords(question, src, evidence, { minRows: 1, followUp }), ['gopher']);
  // A word the user's earlier turns said too is where the conversation stands, not what the follow-up adds; a word
  // they hold only inside another ("gopherspace"), or that only an answer said, is not.
  const absentAfter = (history: ChatTurn[]) =>
    checkAbsentWords(question, src, evidence, { minRows: 1, followUp, earlier: userTurns(history).join('\n') });
  assert.deepEqual(await absentAfter([{ role: 'user', content: 'Our old archive still serves gophers.' }]), []);
  assert.deepEqual(await absentAfter([{ role: 'user', content: 'We browse gopherspace.' }]), ['gopher']);
  assert.deepEqual(
    await absentAfter([
      { role: 'user', content: 'Which protocols does fetcher speak?' },
      { role: 'assistant', content: 'It speaks HTTP, FTP and gopher.' },
    ]),
    ['gopher'],
  );
  // Whether condensing made it a follow-up reads past whitespace: a question that stands alone is trimmed.
  assert.ok(condensedOther('And over gopher?', question));
  assert.ok(!condensedOther('  How do I resume a download? ', 'How do I resume a download?'));
  // A typo of a word the best chunks hold is that word.
  const typo = 'Which protcols does it support?';
  const typoQuestion = `${typo} (fetcher transfer)`;
  const typoEvidence = asEvidence(typoQuestion, await search(typoQuestion));
  assert.deepEqual(await checkAbsentWords(typoQuestion, src, typoEvidence, { minRows: 1, followUp: typo }), []);
  // So is a word one letter off a word they write, or with two letters swapped ("teh"), or the start of one ("proto"
  // of "protocols"); a word of another script is read by its pairs elsewhere; a compound is read word by word and
  // counts as one.
  for (const [said, carried, absent] of [
    ['Which proto is the default?', 'fetcher supports protocols', []],
    ['And if the serer is slow?', 'fetcher transfer', []],
    ['Does teh server answer?', 'fetcher transfer', []],
    ['那它支持加密吗？', 'fetcher transfer', []],
    ['Can it gopher-proxy the file?', 'fetcher transfer', ['gopher proxy']],
  ] as const) {
    const condensed = `${said} (${carried})`;
    const found = await checkAbsentWords(condensed, src, asEvidence(condensed, await search(condensed)), {
      minRows: 1,
      followUp: said,
    });
    assert.deepEqual(found, absent, said);
  }
  // In a follow-up told at length, one word the source lacks is the asker's setting.
  const told = 'On the office network every transfer takes hours; can it give up after some seconds?';
  const toldQuestion = `${told} (fetcher)`;
  const toldEvidence = asEvidence(toldQuestion, await search(toldQuestion));
  assert.deepEqual(await checkAbsentWords(toldQuestion, src, toldEvidence, { minRows: 1, followUp: told }), []);
  // Graded, one such word refuses a follow-up, naming it; a question of its own needs two.
  const input = { ...gradeInput(question, hits), absentWords: ['gopher'] };
  const refused = gradeEvidence({ ...input, followUp });
  assert.deepEqual(refused.action, { type: 'refuse', reason: 'missing_focus', detail: 'no passage about gopher' });
  assert.equal(refused.rule, 'absent_words');
  assert.notEqual(gradeEvidence(input).rule, 'absent_words');
});

test('a question asking which option does something is answered only where a sentence says it', async () => {
  // Every word is in the folder ("print", "certificate", "server"), never together: fetcher has no such option.
  const none = await ask('Which fetcher option prints the certificate of the server?');
  assert.equal(none.status, 'refused', none.answer);
  assert.equal(none.refusal_reason, 'missing_focus');
  assert.match(none.answer, /no option of fetcher described with prints, server/i);
  // Said in other words than the entry's ("skip checking" for "skip the verification step … without checking").
  const some = await ask('Which fetcher option makes it skip checking the certificate?');
  assert.equal(some.status, 'answered', some.answer);
  assert.match(some.answer, /--insecure/);
});

test('a question told in a setting is not held to the entry rule by its setting words', async () => {
  // The asking sentence says nothing of what the entry does; the setting says it in the asker's words, which no
  // entry's sentence shares ("hotel", "validated", "anyway"): the entry is still the answer.
  const r = await ask(
    "My laptop is often on a hotel network where the server's secure certificate can't be validated, and I just want the transfer to go through anyway. Which fetcher option does that?",
  );
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /--insecure/);
});

test('the verbs that ask for an entry ("pass", "use", "get", "need") are not what it does', async () => {
  const r = await ask('Which fetcher option should I pass to get it to follow a page that has moved?');
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /--location/);
});

test("a question asking for one program's option is not answered by another program's entry that does it", async () => {
  const question = 'Which fetcher option prints the certificate of the server?';
  const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
  const man = hits.find((h) => /fetcher/i.test(h.title));
  assert.ok(man, "a chunk of fetcher's page is among the best");
  // Another tool's release notes say what the question asks for, of their own option.
  const notes: Hit = {
    ...man,
    id: 'lister-notes',
    doc_id: 'lister/NEWS',
    path: 'lister/NEWS',
    title: 'NEWS',
    heading_path: ['lister 2.0'],
    text: 'lister: the new --show-cert option prints the certificate of the server before the transfer.',
  };
  const grade = gradeEvidence(gradeInput(question, [notes, ...hits]));
  assert.equal(grade.action.type, 'refuse', grade.reason);
  assert.match(grade.reason, /option of fetcher/);
  // Named by fetcher's own entry, the same words answer.
  const own = gradeEvidence(gradeInput(question, [{ ...notes, title: 'fetcher', path: 'fetcher/NEWS' }, ...hits]));
  assert.equal(own.action.type, 'answer', own.reason);
});

/** The focus signals of a question over the folder, checked against its first search's best chunks. */
async function focusSignals(question: string) {
  const src = await server.deps.store.source('manuals');
  const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
  return checkFocus(question, src, asEvidence(question, hits));
}

test('a name run together from two English words is there only if the best chunks have the words side by side', async () => {
  const focusOf = async (question: string) =>
    (await focusSignals(question)).map((f) => [f.term, f.in_source, f.variant]);
  // The best chunks say "file" and "transfer", never side by side: a tool called filetransfer is not in the folder.
  assert.deepEqual(await focusOf('Can filetransfer ignore the configuration file for a single transfer?'), [
    ['filetransfer', false, undefined],
  ]);
  // "Exit status of the transfer": exitstatus is those two words run together.
  assert.deepEqual(await focusOf("What does exitstatus print in fetcher's summary of a transfer?"), [
    ['exitstatus', true, 'exit status'],
  ]);
  // One letter more in front is another name, not a typo of it: a tool called Xfetcher is not in the folder.
  assert.deepEqual(await focusOf('Can Xfetcher resume a transfer?'), [['xfetcher', false, undefined]]);
});

test('a hyphenated tool name the folder never writes is refused, naming it; one it writes is looked for whole', async () => {
  const focusOf = async (question: string) => (await focusSignals(question)).map((f) => [f.term, f.kind, f.in_source]);
  // fetcher's link checker, fx-links: "fx" is a name of its own, and both parts are in the folder, side by side only in
  // the FAQ's answer.
  assert.deepEqual(await focusOf('How do I list the broken links of a page with fx-links?'), [
    ['fx', 'name', true],
    ['fx-links', 'compound', true],
  ]);
  // "fx" is there and "crawl" is an ordinary word, no focus term of its own: what the question is about is the
  // compound, and the folder never writes it.
  assert.deepEqual(await focusOf('How do I list the broken links of a page with fx-crawl?'), [
    ['fx', 'name', true],
    ['fx-crawl', 'compound', false],
  ]);
  const r = await ask('How do I list the broken links of a page with fx-crawl?');
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.match(r.refusal_detail ?? '', /fx-crawl/);
  const own = await ask('How do I list the broken links of a page with fx-links?');
  assert.equal(own.status, 'answered', own.answer);
  assert.match(own.answer, /lists the ones that fail/);
});

test('an ordinary word capitalised as a name: absent from a large source, it refuses; in the setting or a small source, not', async () => {
  const src = await server.deps.store.source('manuals');
  const signals = async (question: string, minRows?: number) => {
    const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
    return { hits, focus: await checkFocus(question, src, asEvidence(question, hits), minRows) };
  };
  const question = 'How do I make fetcher resume an interrupted download onto my Kindle?';
  // Counted as if the source were large, the folder never using the word means it cannot answer.
  const large = await signals(question, 1);
  assert.deepEqual(
    large.focus.map((f) => [f.term, f.kind, f.in_source]),
    [['kindle', 'word', false]],
  );
  const grade = gradeEvidence({ ...gradeInput(question, large.hits), focus: large.focus });
  assert.deepEqual(grade.action, { type: 'refuse', reason: 'missing_focus', detail: 'no passage about kindle' });
  // This folder is a few chunks: an ordinary word it lacks says nothing, and the question is answered.
  const r = await ask(question);
  assert.equal(r.status, 'answered', r.answer);
  // Said around the sentence that asks, it is where the user is, not what the question is about: no focus term.
  const told = await signals('I read everything on my Kindle. How do I resume an interrupted download?', 1);
  assert.deepEqual(told.focus, []);
});

test('what a question sets aside ("without wget") is no focus the folder must hold', async () => {
  const r = await ask('How do I resume an interrupted download without wget?');
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /--continue-at/);
  // Asked with it, the tool is what the question is about, and the folder only names it in SEE ALSO.
  const about = await ask('How do I resume an interrupted download with wget?');
  assert.equal(about.status, 'refused', about.answer);
  assert.match(about.refusal_detail ?? '', /wget/);
});

test('a question asking for an option of a program the folder only mentions is refused, naming it', async () => {
  // The FAQ pipes fetcher's output through grep; no document is about grep, so none holds grep's options.
  const r = await ask('Which grep option prints only the matched parts of each line?');
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.match(r.refusal_detail ?? '', /grep's options/);
  // An option of the program the folder documents is answered.
  const own = await ask('Which fetcher option makes it skip the verification step?');
  assert.equal(own.status, 'answered', own.answer);
  assert.match(own.answer, /skip the verification step/);
});

test('a question naming a program as one ("the relay tool") the folder does not document is refused, naming it', async () => {
  // "relay" is an ordinary word, so no focus term: the question's other words are all in fetcher's -L entry.
  const r = await ask('How do I make the relay tool redo the request when the server says the page has moved?');
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.match(r.refusal_detail ?? '', /no passage documenting relay$/);
  // The program the folder documents is answered, and so is a command a best chunk names in its text.
  const own = await ask('How do I make the fetcher tool redo the request when the server says the page has moved?');
  assert.equal(own.status, 'answered', own.answer);
  assert.match(own.answer, /redo the request on the new place/);
  const named = await ask('How do I check every link of a page with the fx-links command?');
  assert.equal(named.status, 'answered', named.answer);
  assert.match(named.answer, /Run fx-links with the address of the page/);
});

test('an answer never starts with a question sentence, a heading or navigation', async () => {
  for (const question of [
    'How do I resume an interrupted download?',
    'Why is my download slow?',
    'How can I make fetcher ignore its configuration file for one run?',
  ]) {
    const r = await ask(question);
    assert.equal(r.status, 'answered', `${question}: ${r.answer}`);
    const first = splitSentences(r.answer)[0]!;
    const lead = r.answer.slice(first.start, first.end).replace(/\s*\[\d+\]\s*$/, '');
    assert.ok(!/[?？]$/.test(lead), `leads with a question: ${lead}`);
    assert.ok(
      !/^(Frequently asked questions|Configuration file|Disabling the configuration file|Home|FAQ)\b/.test(lead),
      lead,
    );
    assert.ok(/[.!]$/.test(lead), `leads with something that is not a sentence: ${lead}`);
  }
});

test('what the folder spells otherwise is not missing: an acronym the question defines, a typo', async () => {
  // The man page says "Maximum time in seconds"; the question defines its own acronym for it.
  const acronym = await ask('Which fetcher option sets the maximum time in seconds (MTIS) a transfer may take?');
  assert.equal(acronym.status, 'answered', acronym.answer);
  assert.match(`${acronym.answer} ${acronym.citations.map((c) => c.text).join(' ')}`, /Maximum time in seconds/);
  const typo = await ask('What does the --insecure option make fetcher skip? (verfication)');
  assert.equal(typo.status, 'answered', typo.answer);
});

test("a name only in the question's setting need not be in the source when the best chunks hold another", async () => {
  // "Kubernetes" says where the user runs fetcher; --location, which the man page documents, is what the question
  // is about.
  const r = await ask(
    'My Kubernetes job calls fetcher with --location. How many times does fetcher follow redirects to a new place?',
  );
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /up to 50 times/);
  const grade = (await server.deps.traces.get(r.run_id))!.find((t) => t.type === 'grade')!;
  assert.deepEqual((grade.data.signals as { setting?: string[] }).setting, ['--location', 'kubernetes']);
  // A sentence after the one that asks is setting too; what the question asks stays asked.
  const thanks = await ask(
    'My Kubernetes job calls fetcher. How many times does fetcher follow redirects with --location? Thanks!',
  );
  const graded = (await server.deps.traces.get(thanks.run_id))!.find((t) => t.type === 'grade')!;
  assert.deepEqual((graded.data.signals as { setting?: string[] }).setting, ['kubernetes']);
  // With nothing the source documents beside it, the setting still only says where the user is: answered from what
  // the source says, naming what no passage is about (stop 58; it had been refused for it).
  const none = await ask('I run everything on a Kubernetes cluster. How do I make fetcher follow redirects there?');
  assert.equal(none.status, 'answered', none.answer);
  assert.equal(none.caveat, 'no passage about kubernetes');
  // Asked about in the sentence that asks, it is what the question is about: refused, naming it.
  const asked = await ask('How do I make fetcher follow redirects on a Kubernetes cluster?');
  assert.equal(asked.status, 'refused', asked.answer);
  assert.equal(asked.refusal_detail, 'no passage about kubernetes');
});

test('which release added an entry is not what the entry does: release notes say it once, in their heading', async () => {
  const question = 'Which option added in fetcher 7.2 makes it go on with the next URL after a failed transfer?';
  const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
  const news: Hit = {
    ...hits[0]!,
    id: 'fetcher-news',
    doc_id: 'fetcher/NEWS',
    path: 'fetcher/NEWS',
    title: 'NEWS',
    heading_path: ['Changes in 7.2'],
    text: 'With the new --keep-going option set, fetcher goes on with the next URL after a failed transfer.',
  };
  const grade = gradeEvidence(gradeInput(question, [news, ...hits]));
  assert.equal(grade.action.type, 'answer', grade.reason);
  // What it does still decides: an entry that does something else is no answer.
  const other = gradeEvidence(
    gradeInput(question, [{ ...news, text: 'The new --quiet option silences the progress meter.' }, ...hits]),
  );
  assert.equal(other.action.type, 'refuse', other.reason);
});

/** The best chunks of a fetcher.conf question, led by a release note saying `text`. */
async function releaseNoteFirst(question: string) {
  const hits = await server.deps.retriever.search({ query: question, sources: ['manuals'], topK: 8 });
  return (text: string) =>
    [{ ...hits[0]!, id: 'conf-notes', title: 'NEWS', heading_path: ['1.4'], path: 'NEWS', text }, ...hits].map(
      (h, i) => ({ ...h, n: i + 1, found_by: question }),
    );
}

test("a configuration file's options are documented where a best chunk's text names the file", async () => {
  const src = await server.deps.store.source('manuals');
  const question = 'Which fetcher.conf option sets how often a transfer is retried?';
  const evidence = await releaseNoteFirst(question);
  // No title or heading names fetcher.conf; the release note's text does.
  const named = await checkOwner(question, src, evidence('In fetcher.conf, retries = N sets how often to retry.'));
  assert.deepEqual(named, { term: 'fetcher.conf', documented: true, asks: 'options' });
  const unnamed = await checkOwner(question, src, evidence('retries = N sets how often to retry.'));
  assert.equal(unnamed?.documented, false);
  // A program's options still need a chunk about the program: its name in a text is a mention.
  const program = await checkOwner(
    'Which rsyncd option sets how often a transfer is retried?',
    src,
    evidence('Unlike rsyncd, retries = N sets how often to retry.'),
  );
  assert.equal(program?.documented, false);
  // A script's option the question names, written with the script's name in a best chunk's text: documented there.
  const script = 'What does the --ack option of petalert.pl do?';
  const written = await checkOwner(script, src, evidence('Run petalert.pl from snmptrapd. Use --ack to acknowledge.'));
  assert.equal(written?.documented, true);
  const otherOption = await checkOwner(script, src, evidence('Run petalert.pl from snmptrapd. Use --ack-all first.'));
  assert.equal(otherOption?.documented, false);
  // A cross-reference names no program documented there.
  const seeAlso = await checkOwner(script, src, evidence('See petalert.pl(1). Use --ack to acknowledge.'));
  assert.equal(seeAlso?.documented, false);
});

test('whose option a question asks for is read where it asks, or where the asking sentence points back', async () => {
  const src = await server.deps.store.source('manuals');
  const evidence = await releaseNoteFirst('Which fetcher.conf option sets how often a transfer is retried?');
  // An option only the setting names is how the asker got there, not an option the answer must be documented with.
  const setting = 'When I start it by hand with the rsyncd flag, none of my settings apply. Why?';
  assert.equal(
    await checkOwner(setting, src, evidence('Unlike rsyncd, retries = N sets how often to retry.')),
    undefined,
  );
  const pointed = await checkOwner(
    'I pass the rsyncd flag when I start it. What does it change?',
    src,
    evidence('Unlike rsyncd, retries = N sets how often to retry.'),
  );
  assert.deepEqual(pointed, { term: 'rsyncd', documented: false, asks: 'options' });
});
