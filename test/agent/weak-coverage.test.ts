import assert from 'node:assert/strict';
import { test } from 'node:test';
import { gradeEvidence } from '../../src/agent/reasoner/builtin/grade.ts';
import type { Hit } from '../../src/retrieval/types.ts';
import { mostlyCjk, pairsAcrossWords } from '../../src/text/index.ts';
import { testHit } from '../helpers/chunk-rows.ts';
import { gradeInput } from '../helpers/grade-input.ts';

const input = (question: string, hits: readonly Hit[]) => gradeInput(question, hits, 'docs');

// The spell checker's manual answers this; the user tells how they came to ask in words it never uses.
const ASPELL = [
  testHit('a1', 'The compiled dictionaries are platform dependent. Copy the word list and compile it again.', 1),
  testHit(
    'a2',
    'A word list holds one word per line; aspell create master builds a compiled dictionary from it. A compiled ' +
      'file may not load on another machine.',
    0.8,
  ),
];
const USER =
  'I built a custom word list for our company product names on my laptop and copied the compiled file to a ' +
  "colleague's old machine, where it refuses to load. Can I just share that compiled dictionary?";

test("a question told in a user's own words is answered where the best chunks cover a third of it", () => {
  const g = gradeEvidence(input(USER, ASPELL));
  assert.ok(g.coverage >= 0.35 && g.coverage < 0.5, String(g.coverage));
  assert.equal(g.action.type, 'answer', g.reason);
});

test('below 0.35 the evidence is weak, below 0.25 for a Chinese question, whose pairs across words the best chunks lack do not count', () => {
  const few = gradeEvidence(input(USER, [testHit('x', 'The compiled dictionaries are kept in a directory.', 1)]));
  assert.ok(few.coverage < 0.35, String(few.coverage));
  assert.equal(few.action.type, 'refuse', few.reason);
  // Character pairs: the passage holds 图书 and 书馆, not 北京, 京大, 大学, 藏书 … of what is asked.
  const zh = gradeEvidence(input('北京大学图书馆的藏书量有多少册？', [testHit('z', '图书馆很大。', 1)]));
  assert.ok(zh.coverage < 0.25, String(zh.coverage));
  assert.equal(zh.action.type, 'refuse', zh.reason);
  // A question in a user's own words: most of its pairs cross its words, and the best chunks hold none of them. Even
  // counted, it covers a Chinese question's floor.
  const question = '我服务器上的日志文件越来越大，能不能让系统每周自动把旧日志删掉？';
  const hits = [testHit('r', '系统就会每周轮转一次日志文件，更早的旧日志会被自动删除。', 1)];
  const counted = gradeEvidence(input(question, hits));
  assert.ok(counted.coverage >= 0.25 && counted.coverage < 0.35, String(counted.coverage));
  assert.equal(counted.action.type, 'answer', counted.reason);
  // That floor is for a question written mostly in Chinese, a path or a program's name in it or not; an English
  // question quoting a Chinese word is held to the English one.
  assert.ok(mostlyCjk(question) && mostlyCjk('我把外接硬碟寫進 /etc/fstab 之後，桌面就不再自己掛載了，這是怎麼回事？'));
  assert.ok(!mostlyCjk('What does 你好 mean in the greeting list?') && !mostlyCjk(USER));
  const unusedPairs = pairsAcrossWords(question);
  for (const p of ['我服', '件越', '能让', '统每', '志删']) assert.ok(unusedPairs.includes(p), p);
  const g = gradeEvidence({ ...input(question, hits), unusedPairs });
  assert.ok(g.coverage >= 0.5, String(g.coverage));
  assert.equal(g.action.type, 'answer', g.reason);
  // 志文 crosses 日志 and 文件, and the chunk holds it ("日志文件"): it counts, as covered.
  assert.deepEqual(
    g.signals?.unused_pairs,
    unusedPairs.filter((p) => p !== '志文'),
  );
});

test('a key term the passages hold as its synonym is covered at half: "RAM" asked, "memory" written', () => {
  const knot = [
    testHit(
      'k1',
      'The rough estimate for memory requirements of the server is 3 times the size of the zone in the plain-text ' +
        'format.',
      1,
    ),
  ];
  const g = gradeEvidence(input('How much RAM does the server need to hold a zone?', knot));
  assert.equal(g.signals?.key_term_coverage, 0.5, JSON.stringify(g.signals));
  assert.equal(g.action.type, 'answer', g.reason);
});

test('a pair across words counts where the five best chunks hold it, and a chunk below them changes nothing', () => {
  const question = '我服务器上的日志文件越来越大，能不能让系统每周自动把旧日志删掉？';
  const unusedPairs = pairsAcrossWords(question);
  const top = [
    testHit('r', '系统就会每周轮转一次日志文件，更早的旧日志会被自动删除。', 1),
    ...['磁盘', '网络', '内核', '打印'].map((w, i) => testHit(`o${i}`, `${w}的设置见手册。`, 0.5 - i / 10)),
  ];
  const five = gradeEvidence({ ...input(question, top), unusedPairs });
  // A sixth chunk holding pairs across the question's words (件越, 能让, 统每) is not graded: before, it kept them in
  // the coverage as pairs the best chunks lack, and the coverage fell.
  const sixth = testHit('s', '文件越大越慢。这个功能让系统每天运行。', 0.05);
  const six = gradeEvidence({ ...input(question, [...top, sixth]), unusedPairs });
  assert.equal(six.coverage, five.coverage);
  // Held by a best chunk, a pair across words counts, as covered: 统每 in "系统每周".
  const holding = gradeEvidence({ ...input(question, [testHit('h', '系统每周轮转一次日志。', 1)]), unusedPairs });
  const left = (holding.signals?.unused_pairs ?? []) as string[];
  assert.ok(!left.includes('统每'), left.join(' '));
  assert.ok(left.includes('志删'), left.join(' '));
});

test('a question is weak when the best chunks lack a quarter of its key terms other than numbers', () => {
  const icinga = [
    testHit(
      'i1',
      'Icinga 2 sends notifications by mail through the mail-service-notification command. Notifications go to the ' +
        'users and user groups of a notification object, on a channel you define.',
      1,
    ),
  ];
  const teams = gradeEvidence(input('How do I send Icinga 2 notifications to a Microsoft Teams channel?', icinga));
  assert.equal(teams.signals?.key_term_coverage, 0.5, JSON.stringify(teams.signals));
  assert.ok((teams.signals?.named_key_coverage as number) < 0.75, JSON.stringify(teams.signals));
  assert.equal(teams.action.type, 'refuse', teams.reason);
  // The asker's own numbers need not be in the manual: "40 GB" is how big their backup is.
  const davfs = [
    testHit(
      'd1',
      'davfs2 keeps a local copy of each file it uploads in its cache directory, so it needs local disk space for ' +
        'the files being copied to the WebDAV server.',
      1,
    ),
  ];
  const big = gradeEvidence(
    input(
      'I copied a 40 GB backup to WebDAV with davfs2 and my local disk filled up. Why does it use local disk?',
      davfs,
    ),
  );
  assert.equal(big.action.type, 'answer', big.reason);
  // On a source whose titles are links the missing name may be one hop away, before a hop is made and after it (a
  // single-shot run makes none); a claim is checked on the rest of it.
  const teamsQ = 'How do I send Icinga 2 notifications to a Microsoft Teams channel?';
  assert.notEqual(gradeEvidence({ ...input(teamsQ, icinga), canHop: true, linked: true }).action.type, 'refuse');
  assert.notEqual(gradeEvidence({ ...input(teamsQ, icinga), canHop: false, linked: true }).action.type, 'refuse');
  assert.notEqual(
    gradeEvidence(input('Icinga 2 sends notifications to Microsoft Teams channels by mail.', icinga)).action.type,
    'refuse',
  );
});

test("a sub-question is covered by what answers its own words, not by the conversation's topic it carries", () => {
  const topic = ' (use IPv6 anywhere server uncomplicated firewall ufw sets rules)';
  const question = `Which file do I edit, and what do I put in it?${topic}`;
  // Chunks about the conversation's topic, none saying which file holds the setting.
  const hits = [
    testHit('u1', 'ufw, the uncomplicated firewall, sets up rules for IPv4 and IPv6 on this server.', 1),
    testHit('u2', 'The uncomplicated firewall adds IPv6 rules wherever the server uses IPv6.', 0.9),
  ];
  const g = gradeEvidence({
    ...input(question, hits),
    subqueries: [`Which file do I edit?${topic}`, `what do I put in it?${topic}`],
  });
  const edit = g.subqueries.find((s) => s.query.startsWith('Which file'))!;
  assert.equal(edit.covered, false, JSON.stringify(g.subqueries));
  assert.equal(g.action.type, 'search', g.reason);
  assert.equal(g.action.type === 'search' && g.action.query, edit.query, 'the search keeps the topic');
});
