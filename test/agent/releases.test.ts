import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { askOnce } from '../../src/service/ask.ts';
import { namesRelease, releaseTerms } from '../../src/text/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A folder of packages: tmux's release notes head each release without naming tmux (its folder does), and ufw's
// README gives a version "3.4" of another program.
const DOCS = {
  'tmux/CHANGES':
    'CHANGES FROM 3.2 TO 3.3\n\n* Add popup-border-lines to set the border style of popup windows.\n' +
    '* Add -e to display-popup to set environment variables in the popup.\n\n' +
    'CHANGES FROM 3.1 TO 3.2\n\n* Add display-popup to show a popup window over the panes.\n',
  'tmux/README':
    'tmux is a terminal multiplexer: it lets you switch easily between several programs in one terminal.\n',
  'ufw/README':
    'ufw is an uncomplicated firewall. It needs python 3.4 or later and iptables; rules are added with ufw allow.\n',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { docs: DOCS } });
});
after(() => server.close());

test('a release the question names: after a name or a word no dictionary has, two-part versions only', () => {
  const terms = (q: string) => releaseTerms(q).map((f) => [f.term, f.kind]);
  assert.deepEqual(terms('Which new features does tmux 3.4 add for popup windows?'), [['tmux 3.4', 'release']]);
  // "restic" alone reads as a misspelling of "rustic"; before a version it names the program. "with 0.14" names none.
  assert.deepEqual(terms('What changed in restic 0.16 compared with 0.14?'), [['restic 0.16', 'release']]);
  assert.deepEqual(terms('Which macros were made obsolete in Autoconf 2.72 or util-linux 2.38?'), [
    ['autoconf 2.72', 'release'],
    ['util-linux 2.38', 'release'],
  ]);
  // An ordinary word before a number, a three-part version (an identifier of its own) and a decimal name none.
  assert.deepEqual(terms('It answered 280.37 when I converted tempF(45) to degC.'), []);
  assert.deepEqual(terms('Which Privoxy 3.0.34 directive turns on HTTP/3?'), []);
  assert.deepEqual(terms("Since we moved to Debian's 2.6 package, costs grew 3.5 times."), []);
  // Only a question about what a release brought asks for it: one saying which version the asker runs, or on what
  // system, is answered by a manual that never gives its version. A Chinese question asks as an English one does,
  // where a version follows the program's name ("版本 3.3" follows none).
  assert.deepEqual(terms('How do I set the style of the status line in tmux 3.4?'), []);
  assert.deepEqual(terms('On Ubuntu 22.04, what changed in tmux 3.4?'), [['tmux 3.4', 'release']]);
  assert.deepEqual(terms('tmux 版本 3.3 新增了哪些 popup 功能?'), []);
  assert.deepEqual(terms('GIMP 2.10 相比 2.8 都新增了哪些功能？我想知道值不值得升级。'), [['gimp 2.10', 'release']]);
  assert.deepEqual(terms('我用 tmux 3.4，怎么设置状态栏的样式？'), []);
  // A sentence pointing back at the one before it asks about the release that one names.
  assert.deepEqual(terms('We moved to OpenSSH 9.8 last week. What changed in it?'), [['openssh 9.8', 'release']]);
});

test('a chunk names a release where it holds the version, or a point release of it, and names the program', () => {
  assert.ok(namesRelease('tmux 3.4', 'CHANGES FROM 3.3 TO 3.4', 'docs/tmux/CHANGES'));
  assert.ok(namesRelease('tmux 3.4', 'This is tmux 3.4.1, a bug-fix release.', 'docs/NEWS'));
  assert.ok(namesRelease('tmux 3.4', 'tmux-3.4a fixes the build.', 'docs/NEWS'));
  assert.ok(!namesRelease('tmux 3.4', 'It needs python 3.4 or later.', 'docs/ufw/README'));
  assert.ok(!namesRelease('tmux 3.4', 'tmux 13.4 and tmux 3.45 are not it.', 'docs/tmux/NEWS'));
  assert.ok(!namesRelease('tmux 3.4', 'The tmuxinator 3.4 release.', 'docs/NEWS'));
});

test('a question about a release the source never gives is refused, naming the release', async () => {
  // The source has tmux, popups and a "3.4" (ufw's python): none of them about tmux 3.4.
  const r = await askOnce(server.deps, {
    question: 'Which new features does tmux 3.4 add for popup windows?',
    sources: ['docs'],
  });
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.equal(r.refusal_detail, 'no passage about tmux 3.4');
});

test('a release whose notes the source holds is answered from them', async () => {
  const r = await askOnce(server.deps, {
    question: 'Which new features does tmux 3.3 add for popup windows?',
    sources: ['docs'],
  });
  assert.equal(r.status, 'answered', r.answer);
  assert.match(r.answer, /popup-border-lines/);
});
