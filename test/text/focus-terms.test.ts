import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  cjkTopic,
  compoundNames,
  compoundPattern,
  definedAcronyms,
  entryAsked,
  entryClause,
  focusTerms,
  identifiers,
  isMisspelling,
  isPrefixedWord,
  mentionsTerm,
  optionOwner,
  programNamed,
  questionTerms,
  specificTerms,
  termSet,
  terms,
  variantOf,
  withoutAside,
  withoutOtherKinds,
} from '../../src/text/index.ts';

test('identifiers: options, snake_case, dotted names and versions whole; not words, decimals or abbreviations', () => {
  assert.deepEqual(
    identifiers(
      'Use --ignore-case or -i, see pg_hba.conf, fs.readFile() and process.exit(1); ERR_REQUIRE_ESM, v18.2, 7.82.0',
    ),
    ['--ignore-case', '-i', 'pg_hba.conf', 'fs.readfile', 'process.exit', 'err_require_esm', 'v18.2', '7.82.0'],
  );
  assert.deepEqual(identifiers('A self-signed cert, e.g. version 9.6 in section 20.1, costs 3.5 times more.'), []);
  // Initials and abbreviations are letters with full stops, not dotted names.
  assert.deepEqual(identifiers('Produced by D.P. Varma for the U.S. market, a.m. and p.m.; see x.y.z and a.b2'), [
    'a.b2',
  ]);
});

test('focus terms are identifiers and words that are not ordinary English; typos and plain words are not', () => {
  const terms = (q: string) => focusTerms(q).map((f) => f.term);
  assert.deepEqual(terms('Which rsync option deletes files on the receiver?'), ['rsync']);
  assert.deepEqual(terms('How do I load a .env file with node --env-file?'), ['--env-file']);
  assert.deepEqual(terms('How do I make curl chase a 301 to wherever the page moved?'), []);
  // A number's letters ("0x4005d4", "1.5e10", "3rd") and metasyntactic names ("baz") are the asker's, not names.
  assert.deepEqual(terms('Our crash handler logs hex addresses like 0x4005d4. How does addr2line read them?'), [
    'addr2line',
  ]);
  assert.deepEqual(terms('Why does my line//foo/bar&baz substitution print the 3rd match in bash 5.2?'), []);
  // British spellings and one-letter typos of English words are not names.
  assert.deepEqual(terms('What colour is the behaviour of the organisation?'), []);
  assert.deepEqual(terms('My favourite defence: a grey chequered square, a centred fibre cable, mould.'), []);
  // "up" and "down" make English words too.
  assert.deepEqual(terms('Our lab network lost its internet uplink; downsample the log.'), []);
  // No name reads as a British word ("AES" is not "es", "VAERS" not "vers").
  assert.deepEqual(terms('Does aerc encrypt with AES in tmux, or VAERS?'), ['aerc', 'aes', 'tmux', 'vaers']);
  assert.deepEqual(terms('Up-regulation of p53 casues florescent signals'), ['p53']);
  assert.ok(isMisspelling('brittish') && isMisspelling('sponsered'));
  assert.ok(!isMisspelling('ivermectin') && !isMisspelling('pgbouncer') && !isMisspelling('rsync'));
  // A spelling variant keeps the first letter: "Zstandard" is not "standard".
  assert.equal(variantOf('brittish', ['british']), 'british');
  assert.equal(variantOf('zstandard', ['standard']), undefined);
  // Shorter words match exactly, but for two neighbouring letters typed the other way round.
  assert.equal(variantOf('paly', ['plays', 'play']), 'play');
  assert.equal(variantOf('rsync', ['async', 'sync']), undefined);
  assert.equal(variantOf('lpay', ['play']), undefined);
  assert.equal(variantOf('pyal', ['play', 'pal']), undefined);
  // Capitalised inside a sentence, a word one edit from English is a name ("Docker" is no typo of "docket"); at a
  // sentence's start it may still be a typo.
  assert.deepEqual(terms('Can lsof show which Docker container a process belongs to?'), ['lsof', 'docker']);
  assert.deepEqual(terms('It failed. Casues unknown, says lsof.'), ['lsof']);
  // An English word with an English prefix is everyday vocabulary, neither a name nor a key term; a tool is.
  const subfolder = 'My build file lives in a subfolder. How do I run webpack from the root of a nonempty project?';
  assert.deepEqual(terms(subfolder), ['webpack']);
  assert.deepEqual([...specificTerms(subfolder)], ['webpack']);
  assert.ok(isPrefixedWord('subfolder') && isPrefixedWord('reindex') && isPrefixedWord('multiline'));
  assert.ok(!isPrefixedWord('webpack') && !isPrefixedWord('cryptsetup') && !isPrefixedWord('rsync'));
  // An ordinary word capitalised inside a sentence is used as a name, a focus of its own kind (only a source that
  // never uses it says anything); not at a sentence's start, nor in a question written in title case.
  const kinds = (q: string) => focusTerms(q).map((f) => `${f.term}:${f.kind}`);
  assert.deepEqual(kinds('How do I convert a Mercurial repository to Git?'), ['mercurial:word', 'git:name']);
  assert.deepEqual(kinds('Mercurial or not, how do I convert it?'), []);
  assert.deepEqual(kinds('Do Cholesterol Statin Drugs Cause Breast Cancer?'), ['statin:name']);
  assert.deepEqual(kinds('Healthiest Airplane Beverage'), []);
  // A short question is no title; a capital after a colon or opening a quotation is the phrase's, not a name's.
  assert.deepEqual(kinds('What is Mercurial?'), ['mercurial:word']);
  assert.deepEqual(kinds('Why do I get the error: Cannot allocate memory?'), []);
  assert.deepEqual(kinds('What does the "Save As" dialog keep?'), []);
  // What an apostrophe leaves of "isn't" or "didn't" names nothing.
  const negated = "Where does Readline look when INPUTRC isn't set, and why didn't it doesn’t say?";
  assert.deepEqual(terms(negated), ['readline', 'inputrc']);
  assert.deepEqual([...specificTerms(negated)], ['readline', 'inputrc']);
  // A capitalised word opening a later sentence is read as at the question's start: an ordinary word is no name
  // ("Anything"); a word no dictionary has still is ("Rsync").
  const later = 'I want to raise the nick length limit on our ngIRCd server. Anything to watch out for? Rsync too?';
  assert.deepEqual([...specificTerms(later)].sort(), ['ngircd', 'rsync']);
});

test('hyphenated names are focus terms written whole; compounds of ordinary words and adjectives are not', () => {
  assert.deepEqual(compoundNames('How do I run ssh-audit against my server, or split volumes with 7-Zip?'), [
    'ssh-audit',
    '7-zip',
  ]);
  // Ordinary words, an English prefix, a number, or an adjective's ending ("-encoded", "-style", "-only").
  const plain =
    'a brand-new group-writable multi-process read-next-line 3000-entry re-read gzip-encoded printf-style IPv4-only POSIX-compliant CPU-intensive file';
  assert.deepEqual(compoundNames(plain), []);
  // Capitalised at a sentence's start says nothing; a part that is no English word still names.
  assert.deepEqual(compoundNames('Up-regulation of p53. Gpg-agent hangs.'), ['gpg-agent']);
  assert.deepEqual(
    focusTerms('How do I run ssh-audit against my server?').map((f) => [f.term, f.kind]),
    [
      ['ssh', 'name'],
      ['ssh-audit', 'compound'],
    ],
  );
  // A Chinese question names one too, set apart by spaces or punctuation; glued to Chinese characters it is none.
  assert.ok(
    focusTerms('debian/rules 裡要怎麼搭配 dh-golang？').some((f) => f.term === 'dh-golang' && f.kind === 'compound'),
  );
  assert.ok(!focusTerms('俄罗斯AK-130舰炮的射速是多少？').some((f) => f.kind === 'compound'));
  // A Chinese text writes it run into its characters: still written whole.
  assert.ok(
    compoundPattern('dh-golang').test('使用dh-golang來建置') && !compoundPattern('dh-golang').test('xdh-golang'),
  );
  // Written with any of the usual joins, or none, in any case; not inside a longer name.
  const written = compoundPattern('x86-64');
  assert.ok(['x86_64', 'X86-64', 'x86 64', 'x8664'].every((t) => written.test(`built for ${t} only`)));
  assert.ok(!written.test('built for x86-640') && !written.test('amd-x86-64') && !written.test('x86-64-v2 only'));
  // Singular or plural either way; no name matches everything.
  assert.ok(compoundPattern('ssh-keys').test('an ssh key') && compoundPattern('ssh-key').test('two SSH-keys'));
  assert.ok(!compoundPattern('-').test('anything'));
  assert.deepEqual(compoundNames('one key per-VM, built post-install'), []);
  // "over", "under", "per" inside a name are prepositions (dnsmasq "over DNS-over-HTTPS"); other prefixes make words.
  assert.deepEqual(compoundNames('Forward queries over DNS-over-HTTPS from a non-Docker host'), ['dns-over-https']);
  assert.deepEqual(compoundNames('Does kerberos-pre-auth or ssh-multi-hop work?'), []);
  // A long word the list lacks is a field's vocabulary more often than a name.
  assert.deepEqual(compoundNames('Activator-inhibitor pairs and anti-interleukin-2 antibodies, via youtube-dl'), [
    'youtube-dl',
  ]);
  // An English word written with a hyphen is the word: neither it nor its parts name anything ("Wi", "Fi").
  assert.deepEqual(
    focusTerms("When I'm on hotel Wi-Fi I want all my traffic to go through the VPN.").map((f) => f.term),
    ['vpn'],
  );
  assert.deepEqual(compoundNames('Send it by E-Mail over Wi-Fi with git-lfs'), ['git-lfs']);
  // Capitalised parts of three letters or more may be a product's name.
  assert.deepEqual(compoundNames('Does the Side-Kick plugin work?'), ['side-kick']);
});

test('a protocol with its version after a slash is one name, written with any join', () => {
  assert.deepEqual(compoundNames('Does it speak HTTP/2, or only HTTP/1.1? And SMB/3?'), [
    'http/2',
    'http/1.1',
    'smb/3',
  ]);
  assert.deepEqual(compoundNames('Can it multiplex QUIC (HTTP/3 over UDP) or the new protocol (HTTP/2)?'), [
    'http/3',
    'http/2',
  ]);
  assert.ok(focusTerms('Does w3m speak HTTP/2?').some((f) => f.term === 'http/2' && f.kind === 'compound'));
  // No version, two versions, arithmetic (a shell's or awk's too), a date, a key size, an ordinary word or a path: none.
  const none =
    'Is TCP/IP, ext3/4, IPv4/6 or SMB2/3 used for x/2, size/2, Size/2, COLUMNS/2, $((COLUMNS/2)), $(NF/2), `NR/2`, ' +
    'Jan/2024, AES/256, and/or /page/2 24/7 1/2?';
  assert.deepEqual(compoundNames(none), []);
  const h2 = compoundPattern('http/2');
  assert.ok(['HTTP/2', 'HTTP2', 'http 2', 'HTTP/2.0', 'HTTP-2'].every((t) => h2.test(`speaks ${t} too`)));
  assert.ok(!h2.test('HTTP/20 only') && !h2.test('HTTP/1.1 and 2 more') && !h2.test('speaks xhttp/2'));
  // A numbered list's next item is no version: "over HTTP\n2. Restart".
  assert.ok(!h2.test('speaks HTTP\n2. Restart'));
  assert.ok(compoundPattern('http/1.1').test('an HTTP/1.1 proxy') && !compoundPattern('http/1.1').test('HTTP/1.10'));
  // A hyphenated name is not written by a path's folders.
  assert.ok(!compoundPattern('gpg-agent').test('/usr/lib/gpg/agent'));
});

test('what a question sets aside is blanked: up to three words after "without", "instead of", "rather than" …', () => {
  const q = 'Which group lets them read /var/log without giving them sudo. Or with tsh instead of plain ssh?';
  const kept = withoutAside(q);
  assert.equal(kept.length, q.length);
  assert.equal(
    kept.replace(/\s+/g, ' '),
    'Which group lets them read /var/log without giving them . Or with tsh instead of ?',
  );
  // A dotted name is one word; another verb keeps its object ("without losing EXIF data" is about EXIF).
  assert.equal(withoutAside('Can I do it without node.js?').replace(/\s+/g, ' '), 'Can I do it without ?');
  // A pronoun before "needing", "using" … still sets aside what follows.
  assert.equal(
    withoutAside('How can I run fetcher without them needing sudo?').replace(/\s+/g, ' '),
    'How can I run fetcher without them needing ?',
  );
  // So does a verb after its subject: "without it deleting the original" is about deleting the original.
  for (const q of [
    'How do I list files?',
    'How do I resize photos without losing EXIF data?',
    'How do I gzip a file without it deleting the original?',
  ])
    assert.equal(withoutAside(q), q);
});

test('acronyms a question defines are read with their words', () => {
  const defined = definedAcronyms(
    "Which curl option enables Encrypted Client Hello (ECH)? Commelina yellow mottle virus' (ComYMV) genome.",
  );
  assert.equal(defined.get('ech'), 'Encrypted Client Hello');
  assert.equal(defined.get('comymv'), "Commelina yellow mottle virus'");
});

test("the program whose option or command a question asks for; not an option's own name, nor a word for a kind of option", () => {
  const cases: [string, string | undefined][] = [
    ['Which grep option prints only the matched parts of each line?', 'grep'],
    ["rsync's flag for deleting files on the receiver", 'rsync'],
    ['Which option of tar excludes version-control directories?', 'tar'],
    ['Which pg_dump option dumps only the schema?', 'pg_dump'],
    ['What does the --sandbox option do in sed?', undefined],
    ['Can the pg_dump -j option be used with the plain-text format?', undefined],
    ["How do I use curl's --variable option?", undefined],
    ['What is the long option for -n?', undefined],
    ['Which command-line option turns on verbose mode?', undefined],
    ['Which flag lets Node run .ts files directly?', undefined],
    // Everyday English that reads like an owner is not one.
    ["Which country's flag has a red maple leaf?", undefined],
    ['How do users switch between branches in git?', undefined],
    ['What is the cheapest option for shipping?', undefined],
    ['Which export option writes CSV?', undefined],
    ['Which option for example disables colour?', undefined],
    ['Which make option runs jobs in parallel?', 'make'],
    // A program's commands are its options too.
    ['Which git command shows the history of a single file?', 'git'],
    ['Which subcommand of apt removes configuration files?', 'apt'],
    ['Which apt-get option removes configuration files too?', 'apt-get'],
    ["When sed's read-next-line command N hits the end of input, what happens?", undefined],
    ['What does the undef command do in pic?', undefined],
    ['Which shell command lists hidden files?', undefined],
    ['Which unix command lists open files?', undefined],
    ['Which linux command shows free memory?', undefined],
    ['Who was in command of the army at Gettysburg?', undefined],
    ['What does the next command print?', undefined],
    // A word for a program is not its name.
    ['Is there a gettext tool option that strips out everything already translated?', undefined],
    ['Which utility command prints the file type?', undefined],
    // A count of options is no program ("those two options").
    ["I start xterm -ls -e myscript. Why don't those two options work together?", undefined],
    ['Which three options of rsync keep permissions?', 'rsync'],
  ];
  for (const [question, owner] of cases) assert.equal(optionOwner(question), owner, question);
});

test('a program the question names as one: "the age tool", "the watch command", not a command inside another', () => {
  const cases: [string, string | undefined][] = [
    ["How do I encrypt a file to a friend's public key with the age tool?", 'age'],
    ['How do I make the watch command highlight what changed between two updates?', 'watch'],
    ['Can the hg-fast-export program keep my tags?', 'hg-fast-export'],
    ['The watch command does not highlight changes. How do I make it?', undefined],
    ['The watch command: how do I make it highlight changes?', 'watch'],
    // A command of a program the question names is that program's; a command line is a way to run one.
    ['What does the reset command do in pic?', undefined],
    ['How do I use the tar command in scripts?', undefined],
    ['Which flag starts the node command line test runner?', undefined],
    // Words that say which one, or what kind, name no program.
    ['Is there a way to repeat the previous command?', undefined],
    ['Which is the right tool for this?', undefined],
    ['Why does the unix command fail?', undefined],
    ['How do I run the command as root?', undefined],
    ['Which is the recommended tool to check every link of a page?', undefined],
    ['How do I make the running program redo the request?', undefined],
    ['What is the equivalent command to check every link?', undefined],
    // A compound ending in a participle says what the program does; a tool's hyphenated name is still one.
    ['Can the mail-pulling program delete the server copies by itself?', undefined],
    ['Can the self-hosted tool keep my tags?', undefined],
    ['Does the systemd-resolved program cache negative answers?', 'systemd-resolved'],
    // A longer English word says what the tool is for: "the archive tool" (reprepro), "the backup program".
    ['Can the archive tool keep two builds of one package?', undefined],
    ['Does the backup program resume an interrupted run?', undefined],
    // Only the sentence that asks, and not what it sets aside or compares with.
    ['I used to do this with the relay tool. How do I make fetcher redo the request?', undefined],
    ['How do I make fetcher redo the request, without the relay tool?', undefined],
    ['How do I make fetcher give up in time, like the wget command does?', undefined],
  ];
  for (const [question, name] of cases) assert.equal(programNamed(question), name, question);
});

test('a Chinese question opens with its topic: a dictionary word, or a name the segmenter leaves in characters', () => {
  assert.equal(cjkTopic('乌鲁木齐的面积是多少平方公里？'), '乌鲁木齐');
  assert.equal(cjkTopic('屠呦呦出生在哪个城市？'), '屠呦呦');
  // One character and the word after it; a name ends at a mark ("艾布·达吾德" is no "艾布达").
  assert.equal(cjkTopic('袁隆平是从哪一年开始研究杂交水稻的？'), '袁隆平');
  assert.equal(cjkTopic('《艾布·达吾德圣训集》是怎么定义圣训学的？'), '艾布');
  // A question opening with a question word, a function word or a pronoun does not open with its topic.
  assert.equal(cjkTopic('谁设计了该教堂？'), undefined);
  assert.equal(cjkTopic('在选举中最终获胜的是谁？'), undefined);
  assert.equal(cjkTopic('能给我介绍一下什么是BCPL么？'), undefined);
  assert.equal(cjkTopic('How do I load a .env file?'), undefined);
  // Nor one opening with when it happened: a user's "just now", "lately", "sometimes".
  assert.equal(cjkTopic('刚才手滑用 cat 打开了一个二进制文件，终端全乱了，怎么恢复？'), undefined);
  assert.equal(cjkTopic('最近升级以后网络连不上了，怎么查是哪个服务的问题？'), undefined);
  // Nor one told in clauses or sentences: it opens with the asker's situation ("a colleague", "in my hand").
  assert.equal(cjkTopic('同事还在用老版本的 KiCad，我用新的大版本保存了再发回去，他那边还能打开吗？'), undefined);
  assert.equal(cjkTopic('手上有个色环电阻，颜色依次是黄、紫、红、金，这个电阻是多少欧？'), undefined);
  assert.equal(cjkTopic('机房里那台服务器离我很远。能不能远程接着装？'), undefined);
  // A mark inside a title or a quotation, or inside Latin text, is no clause break; nor is a closing quote at the end.
  assert.equal(cjkTopic('《停止！！ 云雀》是谁的漫画作品？'), '停止');
  assert.equal(cjkTopic('周杰伦的专辑《范特西》卖了1,000万张吗？'), '周杰伦');
  assert.equal(cjkTopic('“贝多芬的第九交响曲是哪一年首演的？”'), '贝多芬');
});

test("a Chinese question's terms leave out its question words and particles: their pairs are in no passage", () => {
  const terms = [...questionTerms('苏镜宇的原名叫什么？').keys()];
  assert.deepEqual(terms, ['苏镜', '镜宇', '原名', '名叫']);
  // 是 or 在 right before a question word, a whole "哪一个" and the colloquial 又叫 are the question's form too.
  assert.deepEqual([...questionTerms('沼鹿又叫什么？').keys()], ['沼鹿']);
  assert.deepEqual([...questionTerms('白岳峰是哪一个少数民族的？').keys()], ['白岳', '岳峰', '少数', '数民', '民族']);
  assert.deepEqual([...questionTerms('沼鹿的生活习性是什么样的？').keys()], ['沼鹿', '生活', '活习', '习性']);
  assert.deepEqual([...questionTerms('这本书在哪里出版？').keys()], ['这本', '本书', '出版']);
  // Not the 在 of a word: 现在, 存在.
  assert.deepEqual([...questionTerms('他现在几岁？').keys()], ['他现', '现在', '岁']);
});

test('a question asking for an entry by what it does: options always, commands and functions of a named program', () => {
  const cases: [string, { kind: string; owner: string } | undefined][] = [
    ['Which gzip option sets how many threads it uses?', { kind: 'option', owner: 'gzip' }],
    ['Which flag lets Node run .ts files directly?', { kind: 'flag', owner: '' }],
    ['Which libffi function generates the type descriptions?', { kind: 'function', owner: 'libffi' }],
    ['Which git subtree command lists the subtrees?', { kind: 'command', owner: 'git subtree' }],
    // An entry the question names is no entry asked for by what it does.
    ['What does the --sandbox option do in sed?', undefined],
    // Commands, functions and settings outside programs.
    ['Which military command did Patton lead in 1944?', undefined],
    ['What function does the liver serve in digestion?', undefined],
    ['Which variable star is the brightest in Orion?', undefined],
    // "which" opening a clause about a command asks for none; "which of the" still asks.
    ['What decides which program the lzip command runs?', undefined],
    ['Which of the grep options prints only the match?', { kind: 'options', owner: 'of the grep' }],
  ];
  for (const [question, asked] of cases) assert.deepEqual(entryAsked(question), asked, question);
  // What the entry does is said up to a second question joined after it, not in one asked before it.
  assert.equal(
    entryClause('Which imapd.conf setting limits the message size over LMTP, and what is its default?'),
    'Which imapd.conf setting limits the message size over LMTP',
  );
  const before = 'Can Shorewall compile to nftables, and which option turns that on?';
  assert.equal(entryClause(before), before);
  // Without a comma, only an auxiliary and its subject start another question.
  assert.equal(
    entryClause('Which rsync option keeps hard links and does it work with --delete?'),
    'Which rsync option keeps hard links',
  );
  const one = 'Which grep option prints lines that do not match and is the opposite of -o?';
  assert.equal(entryClause(one), one);
  assert.deepEqual(entryAsked('Which among the tar options keeps permissions?'), {
    kind: 'options',
    owner: 'among the tar',
  });
});

test('a version after a name and a hyphen is an identifier; a unit after a number is no focus term', () => {
  assert.deepEqual(identifiers('tig-2.5.2 Incompatibilities: openssl-3.0.11'), ['2.5.2', '3.0.11']);
  assert.deepEqual(
    focusTerms('I capped every connection at 16 KB/s, but clients get 32 KB/s and wait 500 ms. Why?').map(
      (f) => f.term,
    ),
    [],
  );
  assert.deepEqual(
    focusTerms('Why are KB files slow?').map((f) => f.term),
    ['kb'],
  );
});

test('a number and its unit are two terms however they are written', () => {
  assert.deepEqual(terms('a limit below 32kb/s'), terms('a limit below 32 kb/s'));
  assert.ok(termSet('the first few KB').has('kb'));
});

test('a module, builtin or plugin is an entry a program has; another kind the question also allows is no part of what it does', () => {
  assert.deepEqual(entryAsked('Which zsh module or builtin parses a JSON document into an associative array?'), {
    kind: 'module',
    owner: 'zsh',
  });
  assert.equal(entryAsked('Which module parses JSON?'), undefined);
  assert.equal(optionOwner('Which zsh module or builtin parses JSON?'), 'zsh');
  assert.equal(optionOwner('Which libffi function calls a variadic function?'), 'libffi');
  assert.equal(withoutOtherKinds('Which zsh module or builtin parses JSON?'), 'Which zsh module parses JSON?');
  // Only right after the kind asked for: "and options" of what it does stays.
  const st = 'Which setuptools function parses the metadata and options sections of setup.cfg?';
  assert.equal(withoutOtherKinds(st), st);
});

test('a particle made a noun is ordinary English, not a name; a term is mentioned as a word, not inside one', () => {
  assert.deepEqual(
    focusTerms('I want one of its bundled add-ons switched on for every user. Where do I do that?').map((f) => f.term),
    [],
  );
  assert.deepEqual(
    focusTerms('What are the ins and outs of rsync?').map((f) => f.term),
    ['rsync'],
  );
  assert.equal(mentionsTerm('For IPv6 it currently blocks the entire /48 block.', 'ipv6'), true);
  assert.equal(mentionsTerm('Debian runs OpenVPN under systemd.', 'vpn'), false);
  assert.equal(mentionsTerm('Set cleanup_replace_stray_cr_lf = yes.', 'cleanup_replace_stray_cr_lf'), true);
  // An identifier only as itself, not by its first word; a Chinese name as written.
  assert.equal(mentionsTerm('The cleanup daemon runs first.', 'cleanup_replace_stray_cr_lf'), false);
  assert.equal(mentionsTerm('Values come from the env map.', '--env-file'), false);
  assert.equal(mentionsTerm('北京很大', '北京大学'), false);
  assert.equal(mentionsTerm('北京大学位于北京', '北京大学'), true);
});

test('a name written with a bang inside is one name, run together as sources write it; a bang after a word is none', () => {
  const terms = focusTerms(
    'Only my FRITZ!Box knows the public IP of my DSL line. How can ddclient ask the box for it?',
  );
  assert.ok(
    terms.some((t) => t.term === 'fritzbox'),
    JSON.stringify(terms),
  );
  assert.ok(!terms.some((t) => t.term === 'box' || t.term === 'fritz'), JSON.stringify(terms));
  assert.deepEqual(
    focusTerms('Why does rsync fail! Help!').map((t) => t.term),
    ['rsync'],
  );
});
