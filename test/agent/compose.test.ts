import assert from 'node:assert/strict';
import { test } from 'node:test';
import { composeExtractive, joinPieces } from '../../src/agent/reasoner/builtin/compose.ts';
import { supports } from '../../src/agent/reasoner/builtin/verify.ts';
import type { Evidence } from '../../src/agent/types.ts';
import { splitClaims } from '../../src/text/index.ts';
import { testHit } from '../helpers/chunk-rows.ts';

test('a quoted piece that does not end like a sentence (a command line) ends its paragraph, so claims split there', () => {
  const answer = joinPieces([
    { text: 'python -m pip download --platform linux_x86_64 SomePackage', n: 1 },
    { text: '~/.cache/pip pip will also respect XDG_CACHE_HOME.', n: 2 },
    { text: 'The cache is safe to delete.', n: 2 },
  ]);
  assert.equal(
    answer,
    'python -m pip download --platform linux_x86_64 SomePackage [1]\n\n~/.cache/pip pip will also respect XDG_CACHE_HOME. [2] The cache is safe to delete. [2]',
  );
  assert.deepEqual(
    splitClaims(answer).map((c) => [c.text, c.citations]),
    [
      ['python -m pip download --platform linux_x86_64 SomePackage', [1]],
      ['~/.cache/pip pip will also respect XDG_CACHE_HOME.', [2]],
      ['The cache is safe to delete.', [2]],
    ],
  );
});

test('a piece reading as a source line never starts a line, so it is still a claim to check', () => {
  const answer = joinPieces([
    { text: 'apt-get install foo', n: 1 },
    { text: 'Sources: the manual.', n: 2 },
  ]);
  assert.equal(answer, 'apt-get install foo [1] Sources: the manual. [2]');
  assert.ok(splitClaims(answer).some((c) => c.citations.includes(2)));
});

test("a document's note marks that start a quoted sentence are left out: they would read as citations", () => {
  // A DocBook footnote's mark ends up before the next sentence; first in the answer, the whole answer read as a
  // list of sources and no claim was left to check.
  const answer = joinPieces([
    { text: '[77] 如果你用 dch -r 命令來使它成爲最後一筆更改，請確保保存 changelog 文件。', n: 2 },
    { text: '[76][3] 要獲得需要的日期格式，使用 LANG=C date -R。', n: 1 },
  ]);
  assert.equal(
    answer,
    '如果你用 dch -r 命令來使它成爲最後一筆更改，請確保保存 changelog 文件。 [2] 要獲得需要的日期格式，使用 LANG=C date -R。 [1]',
  );
  assert.deepEqual(
    splitClaims(answer).map((c) => c.citations),
    [[2], [1]],
  );
});

const chunk = (n: number, title: string, heading: string, text: string): Evidence => ({
  ...testHit(`c${n}`, text, 1 / n, { doc_id: `${title}.txt`, path: `${title}.txt`, title, heading_path: [heading] }),
  n,
  found_by: 'question',
});
/** A wiki's paragraph: its title is the entity's name, not a file's. */
const article = (n: number, title: string, text: string): Evidence => ({
  ...testHit(`c${n}`, text, 1 / n, { doc_id: title, path: 'wiki.jsonl', title, heading_path: [] }),
  n,
  found_by: 'question',
});

test("an option's description with no full stop answers, said with its term line (a man page read from roff)", () => {
  const evidence = [
    chunk(
      1,
      'env',
      'env',
      '在环境中将每个指定名称的环境变量设为指定的值，并运行给定命令。\n\n-i, --ignore-environment\n不带环境变量启动\n\n' +
        '-0, --null\n使每行输出以 NUL 字符结束，不添加换行符\n\n-u, --unset=名称\n从环境中移除指定环境变量',
    ),
  ];
  assert.match(
    composeExtractive('env 命令的 -i 选项是干什么用的？', evidence),
    /-i, --ignore-environment:? 不带环境变量启动/,
  );
  const english = [
    chunk(
      1,
      'env',
      'env',
      '-i, --ignore-environment\nstart with an empty environment\n\n-0, --null\nend each output line with NUL',
    ),
  ];
  assert.match(composeExtractive('What does the -i option of env do?', english), /start with an empty environment/);
});

test('a back-of-book index is navigation: its entries never answer', () => {
  // The manual's concept index holds every word of the question; the answer is in the section it points to.
  const evidence = [
    chunk(
      1,
      'dmalloc',
      'Index of Concepts',
      'U\nuid in logfile path: Utility Usage\nusage of dmalloc with cgi-bin: Debugging A Server\n' +
        'user-id in logfile path: Utility Usage\nunfreed memory log: Extensions',
    ),
    chunk(
      2,
      'dmalloc',
      'Debugging A Server',
      'When dmalloc is used with cgi-bin programs, set the logfile path to a directory the web server user can write.',
    ),
  ];
  const answer = composeExtractive('Where should the logfile path of dmalloc point for cgi-bin programs?', evidence);
  assert.match(answer, /^When dmalloc is used with cgi-bin programs/);
  assert.doesNotMatch(answer, /Utility Usage/);
});

test('a label is a FAQ mark only where the page is a FAQ, and an answer running into the next question stays one', () => {
  // "Problem:" with no answer's mark after it in the chunk asks nothing: a page of notes.
  const notes = chunk(
    1,
    'cups',
    'Notes',
    "Problem: Printing fails with the error 'filter failed'.\nWorkaround: Install the foomatic-filters package and " +
      'restart cups to fix the filter failed error.',
  );
  assert.match(composeExtractive('How do I fix the filter failed error when printing?', [notes]), /foomatic-filters/);
  // An answer line without a full stop runs on into the next "Q)": still the answer.
  const faq = chunk(
    1,
    'FAQ',
    'FAQ',
    'Q) How do I list all users?\nA) Run getent passwd to list all users, local and from LDAP\n' +
      'Q) Help! vsftpd shows GMT times\nA) Set use_localtime=YES.',
  );
  assert.match(composeExtractive('How do I list all users, local and from LDAP?', [faq]), /^Run getent passwd/);
  // So is the end of an answer that the chunk starts inside.
  const tail = chunk(
    1,
    'FAQ',
    'FAQ',
    'and getent passwd lists the users from LDAP as well as the local ones\nQ) Help! vsftpd shows GMT times\n' +
      'A) Set use_localtime=YES.',
  );
  assert.match(composeExtractive('Does getent passwd list the users from LDAP too?', [tail]), /getent passwd lists/);
  // "A:" before a lower-case word is no answer mark: the drive letter is what is said.
  const drives = chunk(1, 'dos', 'Drives', 'A: is the first floppy drive and C: is the first hard disk.');
  assert.match(composeExtractive('Which drive letter is the first floppy drive?', [drives]), /^A: is the first floppy/);
});

test("a list item's bullet is left out of the answer; a crontab line keeps its stars", () => {
  assert.equal(
    joinPieces([
      { text: '* If Windows is to boot from a GPT disk, a Microsoft Reserved partition is recommended.', n: 1 },
      { text: '• emacs starts up but immediately aborts.', n: 2 },
      { text: '* 2 * * * /usr/bin/backup', n: 3 },
    ]),
    'If Windows is to boot from a GPT disk, a Microsoft Reserved partition is recommended. [1] emacs starts up but ' +
      'immediately aborts. [2] * 2 * * * /usr/bin/backup [3]',
  );
  // A bullet stays before a note's mark, before a line that would read as a list of sources, and before a YAML key.
  for (const text of ['* [2] Set LANG=C before running the script.', '- References: RFC 1034', '- name: install nginx'])
    assert.equal(joinPieces([{ text, n: 1 }]), `${text} [1]`);
});

test('licence text answers only a question about the licence', () => {
  // The best chunk is the manual's licence appendix, which shares the question's words; the answer is in the next.
  const evidence = [
    chunk(
      1,
      'sed',
      'GNU Free Documentation License',
      'You may copy and modify the patterns of this document without a backslash, under the conditions below. ' +
        'The patterns may be distributed in any medium.',
    ),
    chunk(2, 'sed', 'Copying', 'Copyright 2024 Free Software Foundation. Patterns need no backslash in this copy.'),
    chunk(3, 'sed', 'Extended regular expressions', 'With -E, the patterns + and | work without a backslash.'),
  ];
  const answer = composeExtractive('How do I write the patterns + and | without a backslash?', evidence);
  assert.match(answer, /^With -E, the patterns/);
  assert.doesNotMatch(answer, /copy|Copyright/);
  // A title is a licence file's only by its name: "Licence to Kill" is a film.
  const film = chunk(1, 'Licence to Kill', '', 'Licence to Kill is a 1989 spy film directed by John Glen.');
  assert.match(composeExtractive('Who directed the 1989 spy film?', [film]), /^Licence to Kill is a 1989 spy film/);
  // Asked about the licence, the licence answers.
  assert.match(composeExtractive('Under what licence may I copy and modify the patterns?', evidence), /^You may copy/);
});

test('a sentence that refers back ("This tells …") is said with the sentence it refers to', () => {
  const evidence = [
    chunk(
      1,
      'valgrind',
      'Suppressing errors',
      'Error reports go to standard error. To make it easier to write them, you can use the ' +
        '--gen-suppressions=yes option. This tells Valgrind to print out a suppression for each reported error.',
    ),
  ];
  const answer = composeExtractive(
    'Which option makes Valgrind print out a suppression for each reported error?',
    evidence,
  );
  assert.match(
    answer,
    /^To make it easier to write them, you can use the --gen-suppressions=yes option\. \[1\] This tells/,
  );
  // Each sentence is still a claim of its own, citing the chunk.
  assert.ok(splitClaims(answer).every((c) => c.citations.length === 1 && c.citations[0] === 1));
});

test('a sentence right after the lead saying what to do about it is said after the lead', () => {
  const notes = (fix: string) => [
    chunk(
      1,
      'lsof',
      'EXIT CODES',
      'If lsof was asked to search for specific files, it returns an exit code of 1 when it found none of them. ' +
        `The search output is written to standard output. ${fix}`,
    ),
    chunk(2, 'lsof', 'OUTPUT', 'lsof lists the open files of every process; the search for files can take a while.'),
  ];
  const question = 'lsof exits with 1 when my search for files finds none of them. How do I stop that?';
  const answer = composeExtractive(question, notes('Use the -Q option to make lsof exit with 0 even then.'));
  assert.match(answer, /^If lsof was asked to search for specific files[^[]*\[1\] Use the -Q option/);
  // A sentence there that says nothing to do is not said for it.
  const plain = composeExtractive(question, notes('The -Q option came with release 4.89.'));
  assert.doesNotMatch(plain, /-Q/);
});

test('the sentence right after the lead in its paragraph goes on from it, and is said after it', () => {
  const docs = (gap: string) => [
    chunk(
      1,
      'foo',
      'Locking',
      `foo takes a lock on its data folder when it starts, and warns when an older lock is stale.${gap}` +
        'That happens after a crash left the file behind, and deleting it is safe. ' +
        'A stale lock never stops foo from starting.',
    ),
    chunk(2, 'foo', 'Messages', 'foo prints its warnings to standard error when it starts.'),
    chunk(3, 'foo', 'Files', 'The lock of foo is a file named foo.lock in its data folder.'),
  ];
  const question = 'Why does foo print a warning about a stale lock when it starts?';
  const answer = composeExtractive(question, docs(' '));
  assert.match(answer, /^foo takes a lock[^[]*\[1\] That happens after a crash/);
  // Past the end of its paragraph, the next sentence is not read as going on from the lead.
  assert.doesNotMatch(composeExtractive(question, docs('\n\n')), /after a crash/);
});

test("a FAQ's marked question is what the answer under it is about, never the answer, whatever it ends with", () => {
  const faq = chunk(
    1,
    'FAQ',
    'vsftpd frequently asked questions',
    'Q) Help! The server is reporting times as GMT times and not\nlocal times!\n' +
      'A) This behaviour can be changed with the setting "use_localtime=YES".\n\n' +
      'Q) Help! Can I disable certain FTP commands?\nA) Yes. Use the "cmds_allowed" setting.\n',
  );
  const answer = composeExtractive('Why is the server reporting times as GMT times and not local times?', [faq]);
  // The answer mark "A)" is the page's layout: the answer quotes what it says.
  assert.match(answer, /^This behaviour can be changed with the setting "use_localtime=YES"\. \[1\]/);
  assert.doesNotMatch(answer, /Help!|A\)/);
});

test("a plain-text FAQ's numbered title is what the answer under it is about, never the answer; a numbered step is", () => {
  const faq = chunk(
    1,
    'FAQ',
    'sed FAQ',
    '5.11. My script aborts with an error message, "event not found".\n\n' +
      '   This error is generated by the csh or tcsh shells, not by sed. The exclamation mark is their history ' +
      'character: put the sed script in single quotes and escape the mark with a backslash.\n\n' +
      '5.12. My sed script works from the shell but not from a makefile.\n\n' +
      '   Make reads a dollar sign itself, so write two of them where the script needs one.',
  );
  const answer = composeExtractive('My sed script aborts with an error message "event not found". Why?', [faq]);
  assert.match(answer, /^This error is generated by the csh or tcsh shells, not by sed\. \[1\]/);
  assert.doesNotMatch(answer, /5\.1[12]\./);
  const steps = chunk(
    2,
    'Moving the spool',
    'frob manual',
    'To move the spool to a new disk:\n\n1. Stop the frob daemon before anything else.\n\n2. Copy the spool directory to the new disk.',
  );
  assert.match(composeExtractive('How do I move the frob spool to a new disk?', [steps]), /1\. Stop the frob daemon/);
  // A version or an address opening a statement is no section number; nor is a step followed by the next step.
  const said = (question: string, text: string) => composeExtractive(question, [chunk(3, 'frob', 'frob', text)]);
  assert.match(
    said(
      'Which is the last release of the 2.7 series?',
      '2.7.18 is the last release of the 2.7 series of frob.\n\nAfter it only 3.x is maintained.',
    ),
    /^2\.7\.18 is the last release/,
  );
  assert.match(
    said(
      'How do I configure frob for /usr/local?',
      '3.1. Run ./configure --prefix=/usr/local to install frob there.\n\n3.2. Run make install.',
    ),
    /^3\.1\. Run \.\/configure --prefix=\/usr\/local/,
  );
});

test("a FAQ's question and answer marks may be spelt out: 'Question:' asks, 'Answer:' is layout", () => {
  const faq = chunk(
    1,
    'proftpd',
    'Frequently Asked Questions',
    "Question: I'm trying to use ftpasswd, but it fails with this error:\n  env: perl: No such file or directory\n\n" +
      'Answer: ftpasswd is a Perl script; it requires that perl be installed on the system.\n',
  );
  const answer = composeExtractive('Why does ftpasswd fail with env: perl: No such file or directory?', [faq]);
  assert.match(answer, /^ftpasswd is a Perl script; it requires that perl be installed on the system\. \[1\]/);
  assert.doesNotMatch(answer, /Answer:|trying to use/);
});

test('FAQ labels alone on their line mark too, a question run into its heading asks, and a set-off "A." is layout', () => {
  const awstats = chunk(
    1,
    'awstats',
    'Frequently Asked Questions',
    'FAQ-COM050 : WHAT IS THE LOG SIZE LIMIT AWSTATS CAN ANALYZE\nPROBLEM:\nI know I must run the update process ' +
      'often, but my first update runs on old log files that are very large. Is there a limit on log file size?\n' +
      'SOLUTION:\nNo. There is no limit in AWStats, so you can use it on large log files.\n',
  );
  const answer = composeExtractive('What is the log size limit AWStats can analyze?', [awstats]);
  assert.match(answer, /^(?:No\. )?There is no limit in AWStats/);
  assert.doesNotMatch(answer, /PROBLEM|SOLUTION|I know I must/);
  // A chunk that starts at the answer, its question in the chunk before: the mark set off by spaces is no initial.
  const rkhunter = chunk(
    1,
    'rkhunter',
    'FAQ',
    'A.   The first run of rkhunter after an installation will usually give\n     some warning messages about ' +
      'the file properties database.',
  );
  assert.match(
    composeExtractive('Why does the first run of rkhunter give warning messages?', [rkhunter]),
    /^The first run of rkhunter/,
  );
});

test("a FAQ's question told as a statement before its question mark is the asker's, and the paragraph after answers", () => {
  const faq = (asks: string) =>
    chunk(
      1,
      'FAQ',
      'foo frequently asked questions',
      `I print Greek text with foo and it says that 44 characters were missing from the output.${asks}\n\n` +
        'No, nothing is wrong: the default Courier font lacks those characters, so foo cannot print them.\n\n' +
        'Another font with the characters solves it.',
    );
  const question = 'foo says 44 characters were missing when I print Greek text. What is wrong?';
  const answer = composeExtractive(question, [faq(' Did I miss something? (This holds for other encodings.)')]);
  assert.match(answer, /^No, nothing is wrong: the default Courier font lacks those characters/, answer);
  assert.doesNotMatch(answer, /I print Greek text/, answer);
  // A paragraph that asks and answers itself asks nothing of the sentences before its question.
  const prose = composeExtractive(question, [faq(' Want them back? Use another font.')]);
  assert.match(prose, /I print Greek text/, prose);
});

test('a sentence about "this option" is said with the term line that names the option', () => {
  const evidence = [
    chunk(
      1,
      'fetcher',
      'OPTIONS',
      '-k, --insecure\n       By default every secure connection is verified. When this option is used, fetcher ' +
        'proceeds without checking the certificate of the server.',
    ),
  ];
  const answer = composeExtractive(
    'How do I make fetcher proceed without checking the certificate of the server?',
    evidence,
  );
  assert.match(answer, /^-k, --insecure:? When this option is used, fetcher proceeds without checking/);
});

test('a sentence going against the one before it ("However, …") is said with that sentence', () => {
  const docs = [
    chunk(
      1,
      'foo',
      'Cache',
      'Downloaded packages stay in /var/lib/pkgs between runs. However, foo never cleans up its cache on its own.',
    ),
    chunk(2, 'foo', 'Files', 'foo reads its settings from /etc/foo.conf when it starts.'),
  ];
  const answer = composeExtractive('Does foo clean up its cache on its own?', docs);
  assert.match(answer, /^Downloaded packages stay in \/var\/lib\/pkgs between runs\. \[1\] However, foo never cleans/);
});

test('a sentence that refers back to the lead follows it, and the lead still leads', () => {
  const evidence = [
    chunk(
      1,
      'sed',
      'OPTIONS',
      'The -E option switches sed to extended regular expressions. They also change how + and | are read in sed scripts.',
    ),
    chunk(2, 'sed', 'Invocation', 'Portable scripts use basic regular expressions, which sed switches to by default.'),
  ];
  assert.equal(
    composeExtractive('Which option switches sed to extended regular expressions?', evidence),
    'The -E option switches sed to extended regular expressions. [1] They also change how + and | are read in sed ' +
      'scripts. [1] Portable scripts use basic regular expressions, which sed switches to by default. [2]',
  );
});

test('"Which option …?" is answered by the entry that does it, not by the usage line above the program description', () => {
  const at = (n: number, path: string[], text: string): Evidence => ({
    ...testHit(`c${n}`, text, 1 / n, {
      doc_id: 'gettext.info',
      path: 'gettext.info',
      title: 'gettext',
      heading_path: path,
    }),
    n,
    found_by: 'question',
  });
  const invoking = ['7 Updating Existing PO Files', "7.1 Invoking the 'msgmerge' Program"];
  const evidence = [
    at(
      1,
      [...invoking, '7.1.5 Operation modifiers', "'-N' '--no-fuzzy-matching'"],
      'Do not use fuzzy matching when an exact match is not found. This may speed up the operation considerably.',
    ),
    at(
      2,
      invoking,
      'msgmerge [OPTION] DEF.po REF.pot\nThe msgmerge program merges two Uniforum style .po files together. ' +
        'Where an exact match cannot be found, fuzzy matching is used to produce better results.',
    ),
  ];
  const answer = composeExtractive(
    'Which msgmerge option turns off fuzzy matching when an exact match is not found?',
    evidence,
  );
  // The entry's description restates the question: its term line is what answers it. The entry is msgmerge's by its
  // headings; the usage line's file placeholders are no option.
  assert.match(
    answer,
    /^'-N' '--no-fuzzy-matching':? Do not use fuzzy matching when an exact match is not found\. \[1\]/,
  );
});

test('a section the chunker split is read on: a later chunk continuing one of the best five is read with it; the sixth to eighth are only heard', () => {
  const part = (n: number, doc: string, index: number, heading: string, text: string): Evidence => ({
    ...testHit(`c${n}`, text, 1 / n, {
      doc_id: doc,
      path: doc,
      title: doc,
      heading_path: [heading],
      chunk_index: index,
    }),
    n,
    found_by: 'question',
  });
  const filler = (n: number) =>
    part(n, `other${n}.txt`, 0, 'Other', `Chunk ${n} says little about fixparts or its partitions on a disk.`);
  const evidence = [
    part(1, 'gdisk.txt', 4, 'FIXPARTS', 'fixparts repairs MBR disks. It fixes partitions that overlap on the disk.'),
    filler(2),
    filler(3),
    filler(4),
    filler(5),
    part(6, 'other6.txt', 1, 'Other', 'Unrelated text about brand-new MBR partitions of another tool entirely.'),
    part(7, 'gdisk.txt', 5, 'FIXPARTS', 'Note that you cannot create new partitions with fixparts.'),
  ];
  const answer = composeExtractive('Can fixparts create new partitions on my MBR disk?', evidence);
  // The continuation is read as one of the best five: its sentence may lead.
  assert.match(answer, /^Note that you cannot create new partitions with fixparts\. \[7\]/);
  // Chunks ranked sixth to eighth are only heard: their best sentence is said beside the answer when it scores close
  // to the lead's, after the best five's, never leading.
  assert.match(answer, /Unrelated text about brand-new MBR partitions of another tool entirely\. \[6\]$/);
  // A next chunk under another heading is another section: no continuation, so only heard.
  const moved = evidence.map((e) => (e.n === 7 ? { ...e, heading_path: ['SEE ALSO'] } : e));
  const heard = composeExtractive('Can fixparts create new partitions on my MBR disk?', moved);
  assert.match(heard, /^fixparts repairs MBR disks\. \[1\]/);
  assert.match(heard, /Note that you cannot create new partitions with fixparts\. \[7\]$/);
  // Past the eighth, nothing is read.
  const ninth = [...moved.slice(0, 5), filler(6), filler(7), filler(8), { ...moved[6]!, id: 'c9', n: 9 }];
  assert.doesNotMatch(composeExtractive('Can fixparts create new partitions on my MBR disk?', ninth), /\[9\]/);
});

test('a sentence of the sixth to eighth chunks never leads, however well it matches: it is heard after the rest', () => {
  const q = 'How do I make fetcher retry a failed download through a proxy?';
  const evidence = [
    chunk(1, 'fetcher', 'Proxies', 'fetcher reads the proxy from the environment variable HTTPS_PROXY.'),
    chunk(2, 'fetcher', 'Output', 'fetcher prints the size of each download.'),
    chunk(3, 'fetcher', 'Limits', 'Downloads over 2 GB need the --large flag.'),
    chunk(4, 'fetcher', 'Retries', 'Set retry_count in fetcher.conf to retry a failed download more often.'),
    chunk(5, 'fetcher', 'Logs', 'Each download is logged to fetcher.log.'),
    chunk(
      6,
      'proxy-notes',
      'Proxy retries',
      'Behind a proxy, fetcher retries a failed download when proxy_retry is yes.',
    ),
  ];
  const answer = composeExtractive(q, evidence);
  assert.match(answer, /^Set retry_count in fetcher\.conf/);
  assert.match(answer, /Behind a proxy, fetcher retries a failed download when proxy_retry is yes\. \[6\]$/);
  // Ranked first, the same sentence leads.
  const first = [evidence[5]!, ...evidence.slice(0, 5)].map((e, i) => ({ ...e, n: i + 1 }));
  assert.match(
    composeExtractive(q, first),
    /^Behind a proxy, fetcher retries a failed download when proxy_retry is yes\./,
  );
});

test('a yes/no question leads with the sentence that says whether, also when it restates the question', () => {
  const evidence = [
    chunk(
      1,
      'fetcher',
      'Thread safety',
      'fetcher is not thread-safe. Each thread of a program that downloads in threads calls fetcher_new for its ' +
        'own handle, and handles are cheap to create.',
    ),
    chunk(2, 'fetcher', 'Handles', 'A fetcher handle keeps its connections open between the requests of a thread.'),
  ];
  assert.match(composeExtractive('Is fetcher thread-safe?', evidence), /^fetcher is not thread-safe\. \[1\]/);
  // The question asked after its setting is still a yes/no question.
  assert.match(
    composeExtractive('My program downloads in four threads. Is fetcher thread-safe?', evidence),
    /^fetcher is not thread-safe\. \[1\]/,
  );
  // "Is there a way …?" asks for the way, which a "not" does not give.
  const way = [
    chunk(1, 'fetcher', 'Retries', 'fetcher does not retry a failed download by default.'),
    chunk(2, 'fetcher', 'Retries', 'The --retry N option makes fetcher retry a failed download N times.'),
  ];
  for (const q of [
    'Is there a way to make fetcher retry a failed download?',
    'Is it possible to make fetcher retry a failed download?',
    'Does fetcher have an option to retry a failed download?',
    // "Can I make it …?" and "Can I get it to …?" ask to have it done, as "How can I make it …?" does.
    'Can I make fetcher retry a failed download?',
    'Could we get fetcher to retry a failed download?',
  ])
    assert.match(composeExtractive(q, way), /^The --retry N/, q);
  // A FAQ's bare "No." answers a question asking whether, not one asking the way (another entry's "No." had led it).
  const faq = [
    chunk(1, 'fetcher', 'FAQ', 'Can fetcher retry a failed upload?\n\nNo. A failed upload is not retried by fetcher.'),
    chunk(2, 'fetcher', 'Retries', 'Use --retry N to try N times.'),
  ];
  assert.doesNotMatch(composeExtractive('Can I make fetcher retry a failed download?', faq), /No\./);
  assert.match(composeExtractive('Can fetcher retry a failed upload?', faq), /^No\. A failed upload/);
  // A verdict answers its own FAQ question, not another asked whether: most of that question's words must be asked
  // (its number aside). "Can fetcher run on Windows?" is not answered "No." by the entry about uploads.
  const entries = [
    chunk(
      1,
      'fetcher',
      'FAQ',
      '3.1. Does fetcher need a network connection to retry?\n\nNo. Retries of a failed upload run offline.',
    ),
    chunk(2, 'fetcher', 'Platforms', 'fetcher runs on Linux and BSD.'),
  ];
  assert.doesNotMatch(composeExtractive('Can fetcher run on Windows?', entries), /No\./);
  // A FAQ's mark or number is no word of its question ("Q3)" would count twice, as a term with a digit).
  const marked = [
    chunk(
      1,
      'chrony',
      'FAQ',
      'Q3) Does chronyd have an ntpdate mode?\n\nA3) Yes. With the -q option chronyd sets the clock once and exits.',
    ),
    chunk(2, 'chrony', 'Daemon', 'chronyd is a daemon.'),
  ];
  assert.match(composeExtractive('Can chronyd be used like ntpdate?', marked), /^Yes\. With the -q option/);
  assert.match(
    composeExtractive('Does fetcher need a network connection to retry an upload?', entries),
    /^No\. Retries of a failed upload/,
  );
  // "Can I …?" without making anything do it still asks whether; so does "Can I get … back?".
  const can = [chunk(1, 'fetcher', 'Limits', 'You cannot retry a failed download with fetcher.'), way[1]!];
  for (const q of ['Can I retry a failed download with fetcher?', 'Can I get a failed download back with fetcher?'])
    assert.match(composeExtractive(q, can), /^You cannot retry/, q);
  // A typographic apostrophe says "not" too; a name with "no" in it ("--no-retry", "read-only") does not.
  const curly = [chunk(1, 'fetcher', 'Thread safety', 'fetcher isn’t thread-safe. Each thread calls fetcher_new.')];
  assert.match(composeExtractive('Is fetcher thread-safe?', [...curly, evidence[1]!]), /^fetcher isn’t thread-safe\./);
});

test('the setting told before the question weighs half in the sentence that answers, as in grading', () => {
  // The first chunk repeats the setting's words; the second says what the asking sentence asks for.
  const evidence = [
    chunk(
      1,
      'README.dns',
      'SSHFP',
      'We publish SSHFP records for our servers in DNS zones, as RFC 4255 describes the records for servers.',
    ),
    chunk(
      2,
      'README.dns',
      'Client',
      'To get the ssh client to check host keys using DNS, add VerifyHostKeyDNS yes to its configuration.',
    ),
  ];
  const answer = composeExtractive(
    'We publish SSHFP records for our servers in DNS. How do I get the ssh client to check host keys against them?',
    evidence,
  );
  assert.match(answer, /^To get the ssh client to check host keys using DNS, add VerifyHostKeyDNS yes/);
});

test('a question why something is not so leads with the statement that says it is not', () => {
  // The first chunk covers more of the question's words; the second says why nothing was caught.
  const evidence = [
    chunk(
      1,
      'checker',
      'Heap blocks',
      'When your code writes past the end of a heap block, checker reports the write and the block it was allocated in.',
    ),
    chunk(2, 'checker', 'Limitations', 'Unfortunately, checker does no bounds checking on local arrays on the stack.'),
  ];
  for (const q of [
    'checker said nothing when my code wrote past the end of a local array. Why didn’t it catch that?',
    'checker said nothing when my code wrote past the end of a local array. Why did checker not catch that?',
  ])
    assert.match(composeExtractive(q, evidence), /^Unfortunately, checker does no bounds checking/, q);
  // Asked what it reports, the statement of what it does leads.
  assert.match(
    composeExtractive('What does checker report when my code writes past the end of a heap block?', evidence),
    /^When your code writes past the end of a heap block/,
  );
});

test('a commented example config is quoted without its comment marks', () => {
  const evidence = [
    chunk(
      1,
      'dnsmasq.conf.example',
      '',
      '# Ignore any client-id presented by the machine with Ethernet\n# address 11:22:33:44:55:66, so that it is ' +
        'treated the same under every OS.\n#dhcp-host=11:22:33:44:55:66,id:*\n',
    ),
  ];
  const answer = composeExtractive('How do I make dnsmasq ignore the client-id a machine presents?', evidence);
  assert.match(answer, /^Ignore any client-id presented by the machine with Ethernet address 11:22:33:44:55:66, so/);
  assert.doesNotMatch(answer, /(^|\s)# /);
});

test('a comment opening after an empty comment line or a run of marks is quoted without them', () => {
  const evidence = [
    chunk(
      1,
      'offlineimap.conf',
      '',
      '#maxconnections = 2\n\n#\n# If this is set, sync threads give up on a dead connection after the timeout.\n#\n' +
        '#socktimeout = 60\n\n# # By default, offlineimap waits for the operating system to report a dead connection.\n',
    ),
  ];
  const answer = composeExtractive('How do I make offlineimap give up on a dead connection sooner?', evidence);
  assert.match(answer, /If this is set, sync threads give up on a dead connection after the timeout\. \[1\]/);
  assert.doesNotMatch(answer, /#\s+(?:If|By)\b/);
});

test('a short sentence whose only new word is the value asked for is said, not taken for a restatement', () => {
  const evidence = [
    chunk(
      1,
      'manual',
      'Core options',
      '--num-callers=<number> [default: 12]\n    Specifies the maximum number of entries shown in stack traces that ' +
        'identify program locations. The maximum value for this is 500.\n',
    ),
    chunk(2, 'NEWS', 'Release 3.4', 'Stack traces now have a limit on the maximum number of entries kept per thread.'),
  ];
  const answer = composeExtractive('What is the maximum value for --num-callers?', evidence);
  assert.match(answer, /^The maximum value for this is 500\./);
});

test('a row of an option table answers "which option" with its option and what it does', () => {
  const evidence = [
    chunk(
      1,
      'libtasn1',
      '3.1 Invoking asn1Parser',
      'asn1Parser reads a single file with ASN.1 definitions and generates a file with an array to use with ' +
        'libtasn1 functions.\nUsage: asn1Parser [OPTION] FILE\nRead FILE with ASN.1 definitions and generate a C ' +
        'array that is used with libtasn1 functions.\n\nMandatory arguments to long options are mandatory for short ' +
        'options too.\n  -c, --check           checks the syntax only\n  -o, --output=FILE     output file\n' +
        '  -n, --name=NAME       array name\n  -h, --help            display this help and exit\n',
    ),
    chunk(
      2,
      'libtasn1',
      '3.2 Invoking asn1Coding',
      'asn1Coding generates a DER encoding from a file with ASN.1 definitions and another one with assignments.\n' +
        'Usage: asn1Coding [OPTION] DEFINITIONS ASSIGNMENTS\n\n  -c, --check        checks the syntax only\n' +
        '  -o, --output=FILE     output file\n',
    ),
  ];
  const answer = composeExtractive(
    'Which asn1Parser option only checks the syntax of the ASN.1 definitions file?',
    evidence,
  );
  // The same row in the second-ranked chunk (asn1Coding's table) is not said again: the row said cites it too.
  assert.match(answer, /^-c, --check checks the syntax only \[1, 2\]/);
  assert.equal(answer.match(/checks the syntax only/g)?.length, 1);
  assert.deepEqual(splitClaims(answer)[0]?.citations, [1, 2]);
  // The same words under another entry's term line are no repeat of the entry said: they do not cite its chunk.
  const options = [
    chunk(1, 'tool', 'OPTIONS', '--quiet\n    Do not print anything to the terminal.\n\n--verbose\n    Print more.\n'),
    chunk(
      2,
      'other',
      'OPTIONS',
      '--silent\n    Do not print anything to the terminal.\n\n--output FILE\n    Write to FILE.\n',
    ),
  ];
  const quiet = composeExtractive('Which tool option makes it not print anything to the terminal?', options);
  assert.match(quiet, /^--quiet Do not print anything to the terminal\. \[1\]$/);
});

test('a bridge: the document the lead names, not the question, answers the second hop with what the question asks of it', () => {
  const evidence = [
    article(
      1,
      'Dick Humbert',
      'Richard "Dick" Humbert (1918 – 2007) was a professional American football end in the National Football ' +
        'League. He played for the Philadelphia Eagles (1941, 1945–1949).',
    ),
    article(
      2,
      'Philadelphia Eagles',
      'From 1945 the Eagles played as an NFL team in the National Football Conference East division. ' +
        'The Philadelphia Eagles are a professional American football franchise based in ' +
        'Philadelphia, Pennsylvania.',
    ),
    article(3, 'Brooklyn Tigers', 'Another NFL team that played in the Brooklyn borough was the Brooklyn Lions.'),
  ];
  const answer = composeExtractive('From 1945-1949 Dick Humbert played for an NFL team based in what state?', evidence);
  assert.match(answer, /based in Philadelphia, Pennsylvania\. \[2\]/);
});

test('the last wh-phrase is what a bridge sentence must say: "a network founded by who?"', () => {
  const evidence = [
    article(1, 'Thumb Wars', 'Thumb Wars is an American children’s television series that aired on Cartoon Network.'),
    article(
      2,
      'Cartoon Network',
      'Cartoon Network is an American pay television channel owned by Turner Broadcasting. It was founded by ' +
        'Betty Cohen and launched on October 1, 1992.',
    ),
  ];
  const answer = composeExtractive('Thumb Wars, who made it, is on a network founded by who?', evidence);
  assert.match(answer, /founded by Betty Cohen/);
});

test('no bridge to a document titled by its file name (a folder of manuals)', () => {
  const readme = [
    chunk(1, 'tar', 'Blocking', 'A tar archive is a series of blocks. Each block holds 512 bytes. See the README.'),
    chunk(2, 'README', '', 'This is release 1.35 of GNU tar, first written in 1988.'),
  ];
  const answer = composeExtractive('How many bytes does a tar archive block hold?', readme);
  assert.match(answer, /^Each block holds 512 bytes\./);
  assert.doesNotMatch(answer, /1\.35/);
});

test("a chain of three or more linked documents: the last one's sentence says what the ones before it do not", () => {
  const chain = [
    article(1, 'The Rowan Quartet', 'The Rowan Quartet is a string quartet formed in Dunmore in 1990.'),
    article(
      2,
      'Northern Light (album)',
      'Northern Light is the debut album of The Rowan Quartet. It was released by Fellgate Records.',
    ),
    article(3, 'Dunmore', 'Dunmore is a town with a music school and two record labels.'),
    article(4, 'String quartet', 'A string quartet is a group of four string players.'),
    article(5, 'Debut album', 'A debut album is the first album a band releases.'),
    article(6, 'Harbour Sound', 'Harbour Sound is a label that released albums by many quartets.'),
    article(
      7,
      'Fellgate Records',
      'Fellgate Records is an independent label. In 1979 the singer Maren Holt founded it with her brother.',
    ),
  ];
  const question = 'Who founded the label that released the debut album of The Rowan Quartet?';
  // Unmarked, the seventh document is not read: the answer stops at the second hop.
  assert.doesNotMatch(composeExtractive(question, chain), /Maren Holt/);
  const hops = chain.map((e) => ({ ...e, ...(e.n <= 2 ? { hop: e.n } : e.n === 7 ? { hop: 3 } : {}) }));
  // "founded it" names the label only with the sentence before it, which is said first.
  assert.match(
    composeExtractive(question, hops),
    /Fellgate Records is an independent label\. \[7\] In 1979 the singer Maren Holt founded it with her brother\. \[7\]$/,
  );
});

test("a linked pair: its second document's sentence says the part of the question the first does not", () => {
  const evidence = [
    article(
      1,
      'Red Harbour',
      'Red Harbour is a 1990 novel by Tom Brand about a mutiny, and the genre of its film is drama.',
    ),
    article(2, 'Harbour novels', 'The genre of harbour novels is associated with port towns and their authors.'),
    article(3, 'Tom Brand', 'Tom Brand (1931–2001) was a British writer. He is associated with aviation thrillers.'),
  ];
  const question = 'What genre is the author of the novel Red Harbour associated with?';
  assert.doesNotMatch(composeExtractive(question, evidence), /aviation thrillers/);
  const pair = evidence.map((e) => ({ ...e, ...(e.n === 1 ? { hop: 1 } : e.n === 3 ? { hop: 2 } : {}) }));
  assert.match(composeExtractive(question, pair), /He is associated with aviation thrillers\. \[3\]/);
});

test('a how-to question is answered with the command example a manual shows, said with the line leading in to it', () => {
  const evidence = [
    chunk(
      1,
      'certtool',
      'Invoking certtool',
      'Certtool is a utility to generate and sign keys and certificates. It can also print their contents.',
    ),
    chunk(
      2,
      'certtool',
      'certtool Examples',
      'To create a self signed certificate, use the command:\n     $ certtool --generate-self-signed --load-privkey key.pem\n\n' +
        'You could also use the client to connect to services with starttls capability.\n' +
        '     $ gnutls-cli --starttls-proto smtp --port 25 localhost\n',
    ),
  ];
  // A lead-in ending with a colon and the command under it read as one sentence.
  assert.match(
    composeExtractive('How do I create a self signed certificate with certtool?', evidence),
    /^To create a self signed certificate, use the command: \$ certtool --generate-self-signed --load-privkey key\.pem \[2\]/,
  );
  // Parted by a blank line (an HTML page's paragraph over its <pre>), the lead-in and the command are said as one.
  const html = [
    evidence[0]!,
    chunk(
      3,
      'certtool',
      'Keys',
      'To create an RSA private key, run:\n\n$ certtool --generate-privkey --outfile key.pem\n',
    ),
  ];
  assert.match(
    composeExtractive('How do I create an RSA private key with certtool?', html),
    /^To create an RSA private key, run: \$ certtool --generate-privkey --outfile key\.pem \[3\]/,
  );
  // A statement right before a command is said with it.
  assert.match(
    composeExtractive('How can I connect to a service with starttls capability using gnutls-cli?', evidence),
    /^You could also use the client to connect to services with starttls capability\. \$ gnutls-cli --starttls-proto smtp --port 25 localhost \[2\]/,
  );
});

test("the ranking's best chunk is heard when another chunk's sentence leads: its best sentence is said too", () => {
  // The asker's words match the other chunks' sentences; the best-ranked chunk answers in the manual's own words.
  const evidence = [
    chunk(1, 'traffic-shaping', 'Limits', 'Keep in mind that a limit below 32kb/s might actually limit the traffic.'),
    chunk(2, 'fastcgi', 'Debugging', 'Clients get a connection error when the download server caps every connection.'),
    chunk(3, 'status', 'Status', 'The status page shows each download connection of the clients and the server.'),
    chunk(4, 'access', 'Access', 'Clients of the server may download files over a connection they keep open.'),
  ];
  const question = 'I capped every download connection on our server at 16 KB/s, but clients still get more. Why?';
  const answer = composeExtractive(question, evidence);
  assert.doesNotMatch(answer.split(' [')[0]!, /32kb\/s/, 'another chunk leads');
  assert.match(answer, /a limit below 32kb\/s might actually limit the traffic\. \[1\]/);
  // It is said beside the three sentences, not instead of one.
  assert.equal(answer.match(/\[\d\]/g)?.length, 4);
});

test('the second-ranked chunk is heard too when its best sentence scores as a further sentence must', () => {
  // gzip's manual: the asker's words ("original", "gzip", "file") favour other chunks' sentences; the sentence that
  // answers ("keep (don't delete)") is in the chunk ranked second.
  const evidence = [
    chunk(1, 'gzip', 'Invoking gzip', 'When decompressing, gzip does not restore the original file name of the file.'),
    chunk(2, 'gzip', 'Options', "Use -k to keep (don't delete) the input file when gzip compresses a file."),
    chunk(3, 'gzip', 'Overview', 'A compressed file can be restored to its original form using gzip -d on the file.'),
    chunk(4, 'gzip', 'Tapes', 'The original file name is saved in the compressed file, so gzip can restore it.'),
    chunk(
      5,
      'gzip',
      'Advanced usage',
      'Multiple compressed files can be concatenated; gzip then restores the original file.',
    ),
  ];
  const answer = composeExtractive('How do I gzip a file without it deleting the original?', evidence);
  assert.doesNotMatch(answer.split(' [')[0]!, /keep/, 'another chunk leads');
  assert.match(answer, /Use -k to keep \(don't delete\) the input file when gzip compresses a file\. \[2\]/);
  // Not a sentence that scores below what a further sentence must (the tar README's release line in "no bridge to a
  // document titled by its file name" below).
});

test('the third-ranked chunk is heard too when its best sentence scores as a further sentence must', () => {
  // The sentence that answers ("keep") is in the chunk ranked third (the second repeats the first word for word);
  // the asker's words favour the sentences of the chunks ranked below it, which take the two further places.
  const lead = 'gzip replaces each file by a compressed one and deletes the original.';
  const evidence = [
    chunk(1, 'gzip', 'Overview', lead),
    chunk(2, 'gzip-faq', 'Overview', lead),
    chunk(3, 'gzip', 'Options', 'Use -k to keep the original file.'),
    chunk(4, 'gzip', 'Invoking gunzip', 'gunzip restores a gzip file and deletes the .gz original.'),
    chunk(5, 'gzip', 'Header', "The original file's name is kept by gzip, which deletes nothing else."),
  ];
  const answer = composeExtractive('How do I gzip a file without it deleting the original?', evidence);
  assert.ok(answer.startsWith(`${lead} [1, 2]`), answer);
  assert.match(answer, /Use -k to keep the original file\. \[3\]/);
  assert.match(answer, /\[4\].*\[5\]$/);
});

test('a how-to question is answered with the line to type that follows the lead in its chunk, with its lead-in', () => {
  const readline = chunk(
    1,
    'readline',
    'Completion',
    'Starting with readline-4.2a, completion on symlinks that point to directories does not append the slash.\n' +
      'To get the previous behaviour back, add to ~/.inputrc:\n\n' +
      'set mark-symlinked-directories on\n',
  );
  const other = chunk(2, 'bash', 'Symlinks', 'Bash follows symlinks to directories when it completes a name.');
  const asked =
    'Tab-completing a symlink to a directory no longer adds the slash. How do I get the old behaviour back?';
  // Said with the line leading in to it.
  assert.match(
    composeExtractive(asked, [readline, other]),
    /slash\. \[1\] To get the previous behaviour back, add to ~\/\.inputrc: set mark-symlinked-directories on \[1\]/,
  );
  // A question that does not ask how is not answered with it.
  const why = 'Why does tab-completing a symlink to a directory no longer add the slash?';
  assert.doesNotMatch(composeExtractive(why, [readline, other]), /set mark-symlinked-directories on/);
});

test('a numbered section heading is no option entry: its sentences are quoted without it, and hold up', () => {
  const evidence = [
    chunk(
      1,
      'Reading Mail',
      '3.5.2 Reading Mail',
      'Each message in the mailbox has a state that affects how it is retained or deleted when mail quits.\n\n' +
        'The message has been read by the user. When mail terminates, read messages are moved to the mbox. If hold ' +
        'is set, the messages are held in the system mailbox instead.',
    ),
  ];
  const question =
    'When I quit mail, read messages move to ~/mbox. I want them kept in the system mailbox. What setting does that?';
  const answer = composeExtractive(question, evidence);
  assert.doesNotMatch(answer, /3\.5\.2/);
  assert.match(answer, /If hold is set, the messages are held in the system mailbox instead\. \[1\]/);
  for (const c of splitClaims(answer)) assert.ok(supports(c.text, evidence[0]!).ok, c.text);
});

test("a program's output or a table run together is data, not a statement that leads an answer", () => {
  const evidence = [
    chunk(
      1,
      'parted',
      'rescue',
      '(parted) print\nNumber  Start   End     Size    Type     File system  Flags\n 1      1049kB  1000MB  999MB   ' +
        'primary               boot, lba\n 2      1000MB  2300MB  1299MB  primary  ext4         lba\n',
    ),
    chunk(
      2,
      'parted',
      'resizepart',
      'Moves the END position of partition NUMBER. Note that this does not modify any filesystem present in the partition.',
    ),
  ];
  const answer = composeExtractive(
    'I enlarged my partition with parted, but df still shows the ext4 file system at its old size. What did I miss?',
    evidence,
  );
  assert.doesNotMatch(answer, /1049kB/);
  assert.match(answer, /does not modify any filesystem present in the partition\. \[2\]/);
});

test('an initial is no FAQ answer mark outside a FAQ, and prose naming versions is no data', () => {
  const evidence = [
    chunk(1, 'physics', 'History', 'A. Einstein developed the theory of relativity in 1905. It changed physics.'),
    chunk(
      2,
      'README',
      'Requirements',
      '* Requires Linux 5.10 or later with cgroup v2 on x86_64, arm64 or ppc64le and 4 GB of RAM',
    ),
  ];
  assert.match(composeExtractive('Who developed the theory of relativity?', evidence), /^A\. Einstein developed/);
  assert.match(
    composeExtractive('Which Linux kernel does the tool require?', [evidence[1]!]),
    /Requires Linux 5\.10 or later/,
  );
});

test("a reference entry's property line is a statement the entry's heading is about, not a term line", () => {
  const evidence = [
    chunk(
      1,
      'iscsiadm',
      'bootproto',
      'The protocol type used to initialize interface\n\nValid values: "dhcp" or "static"',
    ),
    chunk(
      2,
      'iscsiadm',
      'dhcp_dns_address_en',
      'If bootproto is set to dhcp and dhcp_dns_address_en is enable, requests DNS addresses in its DHCP request list.',
    ),
  ];
  const answer = composeExtractive('What values does the bootproto attribute of an iSCSI iface accept?', evidence);
  assert.match(answer, /Valid values: "dhcp" or "static" \[1\]/);
});

test('a why-question is answered with a sentence giving the cause, which only the second chunk has', () => {
  const evidence = [
    chunk(
      1,
      'dns',
      'dns.lookup()',
      'Many dns.lookup() calls can run at once for network work. They return addresses in the order the resolver gives.',
    ),
    chunk(
      2,
      'dns',
      'Implementation considerations',
      'Under the hood, dns.lookup() uses the same operating system facilities as most other programs. Various ' +
        "networking APIs call dns.lookup() internally. It runs on libuv's threadpool, which means that file system " +
        'operations wait behind it.',
    ),
  ];
  const answer = composeExtractive('Why can many dns.lookup() calls slow down file system work?', evidence);
  assert.match(answer, /libuv's threadpool, which means that file system operations wait behind it\. \[2\]/);
});
