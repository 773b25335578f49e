import assert from 'node:assert/strict';
import { test } from 'node:test';
import { condenseTurns, entitiesOf } from '../../src/agent/reasoner/builtin/condense.ts';
import { rewriteQuestion } from '../../src/agent/reasoner/builtin/rewrite.ts';

const users = (...contents: string[]) => contents.map((content) => ({ role: 'user' as const, content }));

test('a follow-up keeps its words and carries the content words of the latest turn', () => {
  assert.equal(
    condenseTurns(users('What does Brindlewick Instruments make?'), 'When was it founded?'),
    'When was it founded? (Brindlewick Instruments make)',
  );
  // The words it shares with the turn are not carried twice; neither are stop words and contractions.
  assert.equal(
    condenseTurns(
      users("I live in tmux over ssh all day, but Ctrl-b is awkward and I don't like it."),
      'How do I change it to Ctrl-a?',
    ),
    'How do I change it to Ctrl-a? (live tmux ssh day Ctrl-b awkward like)',
  );
  // An option is carried as written, first (content words alone would drop "-z"), and each word once.
  assert.equal(
    condenseTurns(users('I always pass -z to tar for my backups.'), 'Is there a faster one?'),
    'Is there a faster one? (-z always pass tar backups)',
  );
  assert.equal(
    condenseTurns(users('I ran apt with --dry-run first and edited /etc/ssh/sshd_config.'), 'Is that safe?'),
    'Is that safe? (--dry-run ran apt first edited etc/ssh/sshd_config)',
  );
});

test('the latest turn that names nothing takes the names of the turns before it', () => {
  assert.equal(
    condenseTurns(
      users("I'm setting up mdadm on my file server.", 'Is the monthly parity check scheduled for me?'),
      "What's the default time?",
    ),
    "What's the default time? (monthly parity check scheduled mdadm)",
  );
  // A latest turn that names its own topic is the topic: "it" follows the conversation to Quorvex Foods.
  assert.equal(
    condenseTurns(users('What does Veltrane Robotics build?', 'And what does Quorvex Foods make?'), 'Who founded it?'),
    'Who founded it? (Quorvex Foods make)',
  );
});

test('a latest turn that tells the setting still carries the subject the turns before it named', () => {
  // "Our monitoring is all Prometheus." names a tool the asker uses beside the subject, rsnapshot; only a question
  // turning to a subject of its own leaves the earlier one behind (the Quorvex Foods case above).
  assert.equal(
    condenseTurns(
      users('We back up the file server with rsnapshot.', 'Our monitoring is all Prometheus.'),
      'Is there a metrics endpoint it can scrape?',
    ),
    'Is there a metrics endpoint it can scrape? (monitoring Prometheus rsnapshot)',
  );
  // A name in capitals at a sentence's start is a name though a dictionary has the word ("aide"), and a name with a
  // digit in it is one too (`bind9`).
  assert.equal(
    condenseTurns(
      users(
        'AIDE is installed on our servers and mails root every morning.',
        'On most days the mail says nothing changed.',
      ),
      'Can I get mail only when something changed?',
    ),
    'Can I get mail only when something changed? (days says nothing AIDE)',
  );
  assert.equal(
    condenseTurns(
      users('I run bind9 for our domain.', 'I want to sign the zone with DNSSEC.'),
      'What else does that need?',
    ),
    'What else does that need? (want sign zone DNSSEC bind9)',
  );
});

test('a latest turn asks about a subject of its own only when it asks, names it, and points nowhere back', () => {
  // A pronoun after the name it stands for points inside the turn, and a request may be told as a statement.
  const mdadm = 'I set up mdadm on the server.';
  assert.equal(
    condenseTurns(
      users(mdadm, 'What is the capital of Mongolia and how cold does it get there?'),
      'What about in summer?',
    ),
    'What about in summer? (capital Mongolia cold get)',
  );
  assert.equal(
    condenseTurns(users(mdadm, 'Tell me about Quorvex Foods.'), 'When was it founded?'),
    'When was it founded? (Tell Quorvex Foods)',
  );
  // A name is carried once, also when its words came one by one; the earlier subject keeps its room after a long turn.
  assert.equal(
    condenseTurns(users('Veltrane Robotics makes arms.', 'We run Veltrane Robotics arms at the plant.'), 'How much?'),
    'How much? (run Veltrane Robotics arms plant)',
  );
  const long =
    'The nightly job copies about two hundred gigabytes of home directories, mail spools, databases and project ' +
    'folders to a USB disk, and our monitoring notes everything in Prometheus.';
  assert.match(
    condenseTurns(users('We back up the file server with rsnapshot.', long), 'Is there an endpoint it can scrape?'),
    / Prometheus rsnapshot\)$/,
  );
  // A label in capitals at a sentence's start names nothing.
  assert.equal(
    condenseTurns(users('My nightly rsnapshot backup failed.'), 'UPDATE: the restore worked. How do I verify it?'),
    'UPDATE: the restore worked. How do I verify it? (nightly rsnapshot backup failed)',
  );
});

test('an elliptical follow-up naming a new entity, or a counterpart of a word, re-asks the last full question so', () => {
  const h = users('When was Veltrane Robotics founded?');
  assert.equal(condenseTurns(h, 'And Quorvex Foods?'), 'When was Quorvex Foods founded?');
  assert.equal(
    condenseTurns([...h, ...users('And Quorvex Foods?')], 'What about Tessaly Bio?'),
    'When was Tessaly Bio founded?',
  );
  // A word standing against one of the latest question's (both "std…") takes its place there.
  const stdout = users('How many rotated stdout log files does supervisor keep?');
  assert.equal(condenseTurns(stdout, 'And for stderr?'), 'How many rotated stderr log files does supervisor keep?');
  assert.equal(
    condenseTurns(users('Does it listen on IPv4 by default?'), 'And on IPv6?'),
    'Does it listen on IPv6 by default?',
  );
  // Against the last full question, past earlier "And …?" turns; never between English words ("profile", "production").
  assert.equal(
    condenseTurns([...stdout, ...users('And for stderr?')], 'And for stdin?'),
    'How many rotated stdin log files does supervisor keep?',
  );
  assert.equal(condenseTurns(users('How do I profile it?'), 'And for production?'), 'And for production? (profile)');
  // Without a name or a counterpart it carries the turn; so after a turn that does not ask.
  assert.equal(
    condenseTurns(stdout, 'And for the web server?'),
    'And for the web server? (many rotated stdout log files supervisor keep)',
  );
  assert.equal(
    condenseTurns(users('Supervisor keeps ten rotated stdout log files.'), 'And for stderr?'),
    'And for stderr? (Supervisor keeps ten rotated stdout log files)',
  );
});

test('a question on a subject of its own, or whose pronoun points inside itself, stands alone', () => {
  const h = users('What does Veltrane Robotics build?');
  const q = 'What is the capital of Mongolia and how cold does it get?';
  assert.equal(condenseTurns(h, q), q);
  const own = 'How can I control how fast a Linux md RAID array resynchronises after a disk is replaced?';
  assert.equal(condenseTurns(users('I swapped a dead disk in one of our tor relays.'), own), own);
  assert.equal(condenseTurns([], 'When was it founded?'), 'When was it founded?');
  // A question that names nothing new is a follow-up, pronoun or not.
  assert.equal(
    condenseTurns(users('I set up mdadm with eight SATA disks.'), 'Which controller cards are known to work well?'),
    'Which controller cards are known to work well? (set mdadm eight SATA disks)',
  );
});

test('a Chinese follow-up carries its conversation, with or without a pronoun', () => {
  const h = users('小米公司是做什么的？');
  assert.equal(condenseTurns(h, '什么时候成立的？'), '什么时候成立的？ (小米公司是做什么的)');
  assert.equal(condenseTurns(h, '请问它是什么时候成立的？'), '请问它是什么时候成立的？ (小米公司是做什么的)');
  // A run of Chinese is no name an "And …?" could swap for another.
  assert.equal(condenseTurns(h, 'What about Huawei?'), 'What about Huawei? (小米公司是做什么的)');
});

test('a short question is a follow-up even with a word no dictionary has; "is there" points nowhere', () => {
  const h = users('How do I install nginx?');
  assert.equal(condenseTurns(h, 'Where is the config file?'), 'Where is the config file? (install nginx)');
  assert.equal(
    condenseTurns(h, 'How do I change the default timeout?'),
    'How do I change the default timeout? (install nginx)',
  );
  const own = 'Is there a way to run Docker rootless on my laptop?';
  assert.equal(condenseTurns(h, own), own);
  // A program named with a hyphen is a word no dictionary has when one of its parts is none: a new subject, where an
  // English compound ("built-in") names nothing.
  const ftp = users('ProFTPD on our old box takes ages to show the login prompt: it looks up every client in DNS.');
  const other = 'How do I stop pure-ftpd from doing reverse DNS lookups on clients?';
  assert.equal(condenseTurns(ftp, other), other);
  assert.match(condenseTurns(ftp, 'Is there a built-in way to stop it from doing reverse DNS lookups?'), /\(ProFTPD /);
  // A compound of a name the conversation said is no new subject: ssh-agent after ssh keeps the conversation.
  const ssh = users('I live in tmux over ssh all day and keep typing my key passphrase.');
  assert.match(
    condenseTurns(ssh, 'Should I start ssh-agent once per login session so the passphrase is asked only once?'),
    /\(live tmux ssh /,
  );
});

test('assistant turns are not carried', () => {
  const h = [...users('What does Veltrane Robotics build?'), { role: 'assistant' as const, content: 'Quorvex Foods.' }];
  assert.equal(condenseTurns(h, 'And where?'), 'And where? (Veltrane Robotics build)');
});

test('entities drop the question words a capitalised name glues to, sentence-initial words and possessives', () => {
  assert.deepEqual(entitiesOf('Does ADAR1 bind to Dicer?'), ['ADAR1', 'Dicer']);
  assert.deepEqual(entitiesOf('And Quorvex Foods?'), ['Quorvex Foods']);
  assert.deepEqual(entitiesOf('What did Marie Curie discover In Paris?'), ['Marie Curie', 'Paris']);
  assert.deepEqual(entitiesOf('When was it founded?'), []);
  // The speaker beside a sentence's first word is no name ("Now I"), nor is that word; a king's numeral is his name's.
  assert.deepEqual(entitiesOf('Now I want it to run every night.'), []);
  assert.deepEqual(entitiesOf("Now I'm stuck."), []);
  assert.deepEqual(entitiesOf('Who succeeded Henry I?'), ['Henry I']);
  // Capitalised for their place, not names: a sentence's first English word, a contraction, "I'm".
  assert.deepEqual(entitiesOf("My backups are slow. OK, I'm lost. Can't I just use Vim?"), ['Vim']);
  assert.deepEqual(entitiesOf("What is the default of Privoxy's max-client-connections?"), ['Privoxy']);
  assert.deepEqual(entitiesOf("What does O'Reilly Media publish? O'Reilly sells books."), [
    "O'Reilly Media",
    "O'Reilly",
  ]);
});

test('the carried topic is searched with the follow-up, not as a sub-question of its own', () => {
  const condensed = condenseTurns(users('How do I hook direnv into zsh?'), 'And into nushell?');
  assert.equal(condensed, 'And into nushell? (hook direnv zsh)');
  assert.deepEqual(rewriteQuestion(condensed).subqueries, []);
  // The user's own remark and the carried topic, two brackets, are no sub-question either.
  assert.deepEqual(rewriteQuestion('How do I split panes? (I use v3) (tmux)').subqueries, []);
  // Two questions are still two.
  assert.deepEqual(rewriteQuestion('How do I hook direnv into zsh? Does it work in fish?').subqueries, [
    'How do I hook direnv into zsh?',
    'Does it work in fish?',
  ]);
});

test('each sub-question of a condensed follow-up keeps the carried topic: "Which file do I edit?" alone is about any file', () => {
  const condensed = condenseTurns(
    users("We don't use IPv6 on this server, yet ufw sets up rules for it too."),
    'Which file do I edit, and what do I put in it?',
  );
  assert.match(condensed, /^Which file do I edit, and what do I put in it\? \(.*\bIPv6\b.*\bufw\b.*\)$/);
  const topic = condensed.slice(condensed.indexOf(' ('));
  assert.deepEqual(rewriteQuestion(condensed).subqueries, [
    `Which file do I edit?${topic}`,
    `what do I put in it?${topic}`,
  ]);
  const cases: [string, string[]][] = [
    [
      'Is the default safe? How do I change it? (I use v3) (tmux)',
      ['Is the default safe? (I use v3) (tmux)', 'How do I change it? (I use v3) (tmux)'],
    ],
    // Closing remarks follow the last question mark, with or without a space (as Chinese is typed).
    ['默认安全吗？怎么修改？(我用v3)', ['默认安全吗？(我用v3)', '怎么修改？(我用v3)']],
    // A bracket inside the question, glued to a word, before the question mark or asking itself, is part of it.
    ['What does (x) mean? And (y)?', ['What does (x) mean?', 'And (y)?']],
    ['What is A? What does f(x)', ['What is A?', 'What does f(x)']],
    [
      'How do I install nginx, and what does the -t flag do (config test)',
      ['How do I install nginx?', 'what does the -t flag do (config test)'],
    ],
    ['How do I change it? (Is the default safe?)', ['How do I change it?', '(Is the default safe?']],
    // A remark between two questions stays with the next one; an empty bracket closing them is no remark to carry.
    ['What is A? (note) What is B? ()', ['What is A?', '(note) What is B?']],
  ];
  for (const [question, parts] of cases) assert.deepEqual(rewriteQuestion(question).subqueries, parts, question);
});
