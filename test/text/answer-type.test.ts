import assert from 'node:assert/strict';
import { test } from 'node:test';
import { answerTypeOf, holdsAnswerType, holdsPath, questionTerms, synonymWords } from '../../src/text/index.ts';

test('a file path answers a where-question; fractions, dates, units, URLs, escapes and prices do not', () => {
  const q = 'Where does pip keep its cache?';
  assert.equal(answerTypeOf(q), 'place');
  for (const path of [
    '~/.cache/pip',
    'It lives in /etc/pip.conf on Linux.',
    '%LocalAppData%\\pip\\Cache',
    '$HOME/.config/pip',
    'C:\\ProgramData\\pip',
    '(see /usr/share/doc)',
  ])
    assert.ok(holdsPath(path, q) && holdsAnswerType(path, 'place', q), path);
  for (const prose of [
    'read and/or write',
    'Use 1/2 of it',
    'see http://x.org/a',
    'on 12/05/2020',
    'km/h and TCP/IP',
    'it costs $10/month',
    'use \\n for a newline',
    'speed of 100 /s',
    'the /usr folder',
  ])
    assert.ok(!holdsPath(prose, q), prose);
  // A path the question already names is no answer to it.
  assert.ok(!holdsPath('Edit ~/.config/pip/pip.conf.', 'Where is ~/.config/pip/pip.conf read from?'));
});

test('a "what is" question asks for a definition of its term; a measure asked for wins over "default"', () => {
  assert.equal(answerTypeOf('What is a stray cat page?'), 'definition');
  assert.equal(answerTypeOf('What does "still reachable" mean in the leak summary?'), 'definition');
  // More than a term: not a definition.
  assert.equal(answerTypeOf('What is the file that lists every cached page on this system?'), 'none');
  assert.equal(answerTypeOf('How much memory does bunzip2 need for a file made with the default settings?'), 'number');
  assert.equal(answerTypeOf('What is the default quality setting of cjpeg?'), 'default');
  // Said without the word, as users say it: the question asks for the default, and reads as saying "default".
  for (const q of [
    'How does the cluster module hand out connections unless told otherwise?',
    'Which cipher does gpg use out of the box?',
    'What does exec do with the output if I configure nothing?',
    "Which editor does git start if I don't set one?",
    'I installed git and never configured anything. Which editor does it start?',
    "We haven't changed it. Which editor does git start?",
  ]) {
    assert.equal(answerTypeOf(q), 'default', q);
    assert.ok(questionTerms(q).has('default'), q);
    assert.ok(synonymWords(q).includes('default'), q);
  }
  assert.ok(!questionTerms('Which cipher does gpg use out of the box?').has('box'));
  assert.equal(answerTypeOf('How much RAM does it set aside out of the box?'), 'number');
  // Not every "otherwise" or "nothing" says so.
  for (const q of ['What happens otherwise?', 'Why does grep print nothing?', 'Can I set it in a box?'])
    assert.notEqual(answerTypeOf(q), 'default', q);
  const q = 'What is a stray cat page?';
  for (const s of [
    'stray cat page A cat page without a manual page.',
    'Stray cat pages are cat pages without a manual page.',
    'A stray cat page: a cat page alone.',
  ])
    assert.ok(holdsAnswerType(s, 'definition', q), s);
  for (const s of [
    'It is possible to have stray cat pages.',
    'Stray cats are accepted.',
    'stray cat pages will be accepted with any extension.',
  ])
    assert.ok(!holdsAnswerType(s, 'definition', q), s);
  assert.ok(
    holdsAnswerType(
      '"still reachable" means your program is probably ok',
      'definition',
      'What does "still reachable" mean?',
    ),
  );
});

test('the kind of place or name asked for decides over a "when" or "who" in a clause', () => {
  assert.equal(answerTypeOf('From 1945-1949 Dick Humbert played for an NFL team based in what state?'), 'place');
  assert.equal(answerTypeOf('Scott Howell is a consultant who has worked with the mayor of what city?'), 'place');
  assert.equal(answerTypeOf('Under what name did the guitarist release his album when he left the band?'), 'name');
  // A file's or server's name is no person's, a process's state no place, country music no country.
  assert.equal(answerTypeOf('What file name does gzip give its output?'), 'none');
  assert.equal(answerTypeOf('What name does gzip give the output file?'), 'none');
  assert.equal(answerTypeOf('Which name server does it ask?'), 'none');
  assert.equal(answerTypeOf('What state is a process in after SIGSTOP?'), 'none');
  assert.equal(answerTypeOf('What American country music singer recorded it?'), 'none');
  assert.equal(answerTypeOf('When was the album released?'), 'date');
});

test('a number answers "how many"; digits glued after a letter name a thing ("v1", "sha256") and do not', () => {
  const q = 'How many steps can a run take?';
  for (const s of [
    'Maximum steps per run (24 by default).',
    'It stops after twelve steps.',
    '人口14355人。',
    'Set it to 2.5.',
  ])
    assert.ok(holdsAnswerType(s, 'number', q), s);
  for (const s of [
    'A running server also takes uploads: POST /v1/sources/<name>/documents.',
    'Checksums use sha256 or md5.',
  ])
    assert.ok(!holdsAnswerType(s, 'number', q), s);
  for (const s of ['It speaks HTTP/2 and TLS v1.2.', 'Python3.8 ships sha3-256.'])
    assert.ok(!holdsAnswerType(s, 'number', q), s);
  // Whole numbers are compared: the "2" of "v2" asks for no "2".
  assert.ok(holdsAnswerType('There are 2 steps.', 'number', 'How many steps does the v2 API take?'));
  // A number the question states is no answer to it; another number in the sentence is.
  assert.ok(!holdsAnswerType('Steps are capped at 24.', 'number', 'Are steps capped at 24?'));
  assert.ok(holdsAnswerType('A run of 24 steps takes 3 s.', 'number', 'How long does a run of 24 steps take?'));
});

test('a why-question asks for a cause when the sentence that asks opens with why; a cause is said with its markers', () => {
  assert.equal(answerTypeOf('I moved the certificates under /home and the daemon cannot load them. Why?'), 'reason');
  assert.equal(answerTypeOf('Why is the default timeout 30 seconds?'), 'reason');
  assert.equal(answerTypeOf('But why does it hang?'), 'reason');
  assert.equal(answerTypeOf('What causes the lock-up at boot?'), 'reason');
  assert.equal(answerTypeOf('In the tutorial, why is the first point unknown?'), 'reason');
  assert.equal(answerTypeOf('Which flag should I use, and why?'), 'option');
  // Asked first, then a how-question: the sentence that asks wants the setting, and the rules below decide.
  assert.equal(answerTypeOf('Why do my file names turn into question marks? How do I set the encoding?'), 'none');
  // A "why" inside the sentence that asks is no why-question: a method, a command's name, a title, "what makes up".
  assert.equal(answerTypeOf('How can I find out why my build fails?'), 'none');
  assert.equal(answerTypeOf('What does aptitude why print?'), 'none');
  assert.equal(answerTypeOf('When was "Why Me" released?'), 'date');
  assert.equal(answerTypeOf('What makes up a Debian package?'), 'none');
  const q = 'Why can many dns.lookup() calls slow down file system work?';
  for (const s of [
    "Since libuv's threadpool has a fixed size, other operations wait.",
    'The -i is crucial, else you may see messages truncated at a lone dot.',
    'Pass `-i`, else you may see messages truncated.',
    'This can have surprising negative performance implications.',
    'It is disabled by default because the statistics would fill the disk.',
  ])
    assert.ok(holdsAnswerType(s, 'reason', q), s);
  for (const s of [
    'Available since version 2.3.',
    'Available since Linux 2.6.16.',
    'Since glibc 2.3 it is the default.',
    'Counted since the last reboot.',
    'The node:dns module enables name resolution.',
    'Print the results in JSON.',
    'Pick a reasonable value.',
    'Read /etc, elsewhere on BSD.',
    'The report is due tomorrow.',
    'if (x) y(); else z();',
  ])
    assert.ok(!holdsAnswerType(s, 'reason', q), s);
});
