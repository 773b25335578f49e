import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { askingSentence, splitSentences, statesClaim } from '../../src/text/index.ts';

const split = (text: string) => splitSentences(text).map((s) => text.slice(s.start, s.end));

// [what the row shows, text, the sentences expected]
const CASES: [string, string, string[]][] = [
  [
    'code',
    'Call fs.readFile() to read a file. It returns a promise.',
    ['Call fs.readFile() to read a file.', 'It returns a promise.'],
  ],
  ['a chain of calls', 'Use a.b().c() here. Then stop.', ['Use a.b().c() here.', 'Then stop.']],
  [
    'a call at the end',
    'Reset it with filehandle.truncate(). Nothing else changes.',
    ['Reset it with filehandle.truncate().', 'Nothing else changes.'],
  ],
  [
    'paths',
    'Edit /etc/x.conf and restart. It reads ~/.config/app.json too.',
    ['Edit /etc/x.conf and restart.', 'It reads ~/.config/app.json too.'],
  ],
  [
    'a path at the end',
    'The file lives in /etc/x.conf. Restart after editing.',
    ['The file lives in /etc/x.conf.', 'Restart after editing.'],
  ],
  [
    'options',
    'Pass -i (or --ignore-case) to match either case. Use -E for extended syntax.',
    ['Pass -i (or --ignore-case) to match either case.', 'Use -E for extended syntax.'],
  ],
  [
    'an option at the end',
    'To ignore case, use --ignore-case. The short form is -i.',
    ['To ignore case, use --ignore-case.', 'The short form is -i.'],
  ],
  [
    'versions',
    'Added in v18.2.0 and backported to v16.17.0. Earlier releases lack it.',
    ['Added in v18.2.0 and backported to v16.17.0.', 'Earlier releases lack it.'],
  ],
  [
    'a version at the end',
    'This needs PostgreSQL 9.6. Older servers refuse it.',
    ['This needs PostgreSQL 9.6.', 'Older servers refuse it.'],
  ],
  ['decimals', 'It took 3.5 seconds at 2.4 GHz. That is fast.', ['It took 3.5 seconds at 2.4 GHz.', 'That is fast.']],
  [
    'e.g. and i.e.',
    'Use a tool, e.g. sed or awk, for this. It works, i.e. it edits the stream.',
    ['Use a tool, e.g. sed or awk, for this.', 'It works, i.e. it edits the stream.'],
  ],
  [
    'eg. and ie. without their inner dots',
    'It runs much slower (eg. 20 to 30 times) than normal. Use the default, ie. no option. Then measure.',
    ['It runs much slower (eg. 20 to 30 times) than normal.', 'Use the default, ie. no option.', 'Then measure.'],
  ],
  [
    'e.g. before a capital',
    'Some editors (e.g. Vim) do this. Others do not.',
    ['Some editors (e.g. Vim) do this.', 'Others do not.'],
  ],
  [
    'etc. mid-sentence and at an end',
    'Lists, maps, etc. are supported. Sets, bags, etc. The last two are rare.',
    ['Lists, maps, etc. are supported.', 'Sets, bags, etc.', 'The last two are rare.'],
  ],
  ['etc. at the end of the text', 'Use sed, awk, etc.', ['Use sed, awk, etc.']],
  [
    'aka. inside parentheses',
    'It asks for the Certificate Status Request (aka. OCSP stapling) in the handshake. Servers may ignore it.',
    ['It asks for the Certificate Status Request (aka. OCSP stapling) in the handshake.', 'Servers may ignore it.'],
  ],
  [
    'Dr. and vs.',
    'Dr. Smith compared grep vs. ripgrep. Ripgrep won.',
    ['Dr. Smith compared grep vs. ripgrep.', 'Ripgrep won.'],
  ],
  [
    'abbreviations before numbers',
    'See Fig. 3 for the layout. No. 5 is missing.',
    ['See Fig. 3 for the layout.', 'No. 5 is missing.'],
  ],
  ['"no." is a word', 'The answer is no. Then we stop.', ['The answer is no.', 'Then we stop.']],
  [
    'a URL with a query',
    'Download https://example.org/a/b.tar.gz?x=1. Then unpack it.',
    ['Download https://example.org/a/b.tar.gz?x=1.', 'Then unpack it.'],
  ],
  [
    'a URL with a fragment',
    'Docs are at https://nodejs.org/api/fs.html#fsreadfile. See them.',
    ['Docs are at https://nodejs.org/api/fs.html#fsreadfile.', 'See them.'],
  ],
  ['an ellipsis mid-sentence', 'Wait... then press Enter. It starts.', ['Wait... then press Enter.', 'It starts.']],
  ['an ellipsis before a capital', 'It loads... Then it stops.', ['It loads...', 'Then it stops.']],
  ['a Unicode ellipsis', 'Loading… done. Next step.', ['Loading… done.', 'Next step.']],
  [
    'quoted dots',
    "It lists the names, excluding '.' and '..'. Order is not kept.",
    ["It lists the names, excluding '.' and '..'.", 'Order is not kept.'],
  ],
  ['a space before the stop', 'It opened in 1932 . It spans 503 m.', ['It opened in 1932 .', 'It spans 503 m.']],
  ['spread syntax', 'Call f(...args). Done.', ['Call f(...args).', 'Done.']],
  [
    'Chinese punctuation',
    '检索增强生成需要准确的引用。每个片段都保留页码！真的吗？是的。',
    ['检索增强生成需要准确的引用。', '每个片段都保留页码！', '真的吗？', '是的。'],
  ],
  ['a Chinese closing quote', '他说：“好。”然后走了。', ['他说：“好。”', '然后走了。']],
  [
    'Chinese and English',
    'Grounded 支持中文。It also splits English. 很好！',
    ['Grounded 支持中文。', 'It also splits English.', '很好！'],
  ],
  ['list markers', '1. Install the package.\n2. Run it.', ['1. Install the package.', '2. Run it.']],
  [
    'a section number',
    '20.10. Automatic Vacuuming controls autovacuum. It is on by default.',
    ['20.10. Automatic Vacuuming controls autovacuum.', 'It is on by default.'],
  ],
  ['initials', 'J. R. R. Tolkien wrote it. He was British.', ['J. R. R. Tolkien wrote it.', 'He was British.']],
  [
    'a genus before its species',
    'Strains of E. coli and H. pylori grew. P. acnes did not.',
    ['Strains of E. coli and H. pylori grew.', 'P. acnes did not.'],
  ],
  [
    'letters with full stops before a lower-case word',
    'We found POPs in U.S. food, and in U.K. water. It came from the U.S. The rest did not.',
    ['We found POPs in U.S. food, and in U.K. water.', 'It came from the U.S.', 'The rest did not.'],
  ],
  [
    'capital initials before a name',
    'Produced by D.P. Varma with the U.S. Army in mind. J.R.R. Tolkien wrote it in the U.K. It sold well.',
    ['Produced by D.P. Varma with the U.S. Army in mind.', 'J.R.R. Tolkien wrote it in the U.K.', 'It sold well.'],
  ],
  ['a closing quote', 'He said "Stop." Then he left.', ['He said "Stop."', 'Then he left.']],
  ['a closing bracket', 'Set the flag (see below.) Then run.', ['Set the flag (see below.)', 'Then run.']],
  ['! and ?', 'Is it ready? Yes! Use a != b here.', ['Is it ready?', 'Yes!', 'Use a != b here.']],
  ['?! together', 'Really?! No.', ['Really?!', 'No.']],
  [
    'a ? or ! standing alone, or before a lower-case word',
    'With -E, +, ? and | need no backslash. Quote ‘?’ and ‘!’ in the shell. Is it one? if so, go on.',
    ['With -E, +, ? and | need no backslash.', 'Quote ‘?’ and ‘!’ in the shell.', 'Is it one? if so, go on.'],
  ],
  ['a blank line', 'A heading\n\nA paragraph without a stop', ['A heading', 'A paragraph without a stop']],
  [
    'a man page option over its description',
    '       -k, --insecure\n              (TLS) By default, every secure connection is\n              verified. This option skips the verification step.',
    [
      '-k, --insecure',
      '(TLS) By default, every secure connection is\n              verified.',
      'This option skips the verification step.',
    ],
  ],
  [
    'info-style option terms',
    "'-n'\n'--quiet'\n     By default, sed prints the pattern space.",
    ["'-n'\n'--quiet'", 'By default, sed prints the pattern space.'],
  ],
  [
    'a wrapped paragraph',
    'A line that wraps\nonto the next one. And ends.',
    ['A line that wraps\nonto the next one.', 'And ends.'],
  ],
  ['code with indented blocks', 'if (ok) {\n    run(a.b);\n}', ['if (ok) {\n    run(a.b);\n}']],
  ['a chained call over two lines', 'promise\n  .then(() => done());', ['promise\n  .then(() => done());']],
  ['a man page heading', 'EXIT CODES\n       0 means success.', ['EXIT CODES', '0 means success.']],
  [
    'the rows of an option table (`--help`)',
    'Usage: gzip [OPTION] [FILE]\n  -c, --stdout      write on standard output, keep original files unchanged\n' +
      "  -k, --keep        keep (don't delete) input files\n  -S, --suffix=SUF  use suffix SUF on compressed files\n" +
      '  --rsyncable       make rsync-friendly archive\n                    (slower)',
    [
      'Usage: gzip [OPTION] [FILE]',
      '-c, --stdout      write on standard output, keep original files unchanged',
      "-k, --keep        keep (don't delete) input files",
      '-S, --suffix=SUF  use suffix SUF on compressed files',
      '--rsyncable       make rsync-friendly archive\n                    (slower)',
    ],
  ],
  [
    'the rows of an option table whose aliases a space parts (`-h --help`)',
    'Available options:\n -h --help           usage information\n -c DIR              alternative config directory',
    ['Available options:', '-h --help           usage information', '-c DIR              alternative config directory'],
  ],
  [
    'a wrapped line of prose that starts with an option goes on (info text: two spaces after a full stop)',
    "'-ac' is equivalent to '-a\n-c'.  Long options follow.\nIt stops unless the\n-o  option  is  given.",
    ["'-ac' is equivalent to '-a\n-c'.", 'Long options follow.', 'It stops unless the\n-o  option  is  given.'],
  ],
  [
    'an option a wrapped line starts with is no row',
    'To see more, run it with the\n-v option and read the log.',
    ['To see more, run it with the\n-v option and read the log.'],
  ],
  [
    "an option's term line over its description, nothing indented (a man page read from roff): two sentences",
    '-i, --ignore-environment\n不带环境变量启动\n\n-u, --unset=名称\n从环境中移除指定环境变量',
    ['-i, --ignore-environment', '不带环境变量启动', '-u, --unset=名称', '从环境中移除指定环境变量'],
  ],
  [
    'option names on a line of their own inside a paragraph are wrapped prose',
    'Use the options\n-a, -b\nto list both.',
    ['Use the options\n-a, -b\nto list both.'],
  ],
  [
    'text cut mid-line (a chunk)',
    'This option\n              is exclusive to --basic.',
    ['This option\n              is exclusive to --basic.'],
  ],
];

describe('splitSentences', () => {
  for (const [what, text, want] of CASES) test(what, () => assert.deepEqual(split(text), want));

  test('spans are offsets into the text, shifted by the given base', () => {
    const text = '  First one.  Second one?\n\nThird';
    const spans = splitSentences(text, 100);
    assert.deepEqual(
      spans.map((s) => text.slice(s.start - 100, s.end - 100)),
      ['First one.', 'Second one?', 'Third'],
    );
    assert.equal(spans[0]!.start, 102);
  });
});

test('the sentence that asks: the last with a question mark, else the last one', () => {
  assert.equal(askingSentence('My disks spin down. Will smartd wake them? Thanks.'), 'Will smartd wake them?');
  assert.equal(
    askingSentence('My job runs on Kubernetes. Why does it stop at 50 redirects?!'),
    'Why does it stop at 50 redirects?!',
  );
  // A request asks with its last sentence.
  assert.equal(
    askingSentence('My job runs on Kubernetes. Tell me how many redirects it follows.'),
    'Tell me how many redirects it follows.',
  );
  assert.equal(askingSentence('Is libffi thread-safe?'), 'Is libffi thread-safe?');
});

test('the sentence that asks keeps a title or quotation cut at its own exclamation mark', () => {
  assert.equal(askingSentence('《停止！！ 云雀》在哪个杂志上连载？'), '《停止！！ 云雀》在哪个杂志上连载？');
  assert.equal(askingSentence('What does "Stop! Hammer time" mean?'), 'What does "Stop! Hammer time" mean?');
  // The setting before it stays out, and so it does when nothing before it opens what it closes.
  assert.equal(
    askingSentence('I read about it yesterday. What does "Stop! Hammer time" mean?'),
    'What does "Stop! Hammer time" mean?',
  );
  assert.equal(askingSentence('My disk is full. 2) How do I find big files?'), '2) How do I find big files?');
});

test('a claim to check is a statement; questions, requests and keywords are not', () => {
  for (const claim of [
    'Ivermectin is used to treat lymphatic filariasis.',
    'Localization of PIN1 in the roots of Arabidopsis does not require VPS9a',
    'Breast Cancer Cells Feed on Cholesterol',
  ])
    assert.ok(statesClaim(claim), claim);
  for (const other of [
    'Is ivermectin used to treat lymphatic filariasis?',
    'What treats lymphatic filariasis',
    'My job runs on Kubernetes. Tell me how many redirects fetcher follows.',
    'Explain how ivermectin works.',
    'ivermectin filariasis',
    '「唐音」的「唐」与「吴音」的「吴」和「汉音」的「汉」都指什么',
    '伊维菌素用于治疗淋巴丝虫病。',
  ])
    assert.ok(!statesClaim(other), other);
});
