import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { askOnce } from '../../src/service/ask.ts';
import { isLegalChunk } from '../../src/text/index.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A long question in a user's words: most of its words are about customers, logins and providers, which many pages
// of a mail server's notes use; one page says what happens for IPv6, the question's focus, and shares little else.
const WORDS = [
  'customers',
  'reach',
  'mail server',
  'internet provider',
  'failing',
  'log in',
  'slow logins',
  'person',
  'failures',
  'others',
  'keeps',
  'getting',
];
const notes: Record<string, string> = {};
for (let i = 0; i < 30; i++) {
  const words = WORDS.filter((_, k) => (i + k) % 3 !== 0);
  notes[`notes/page-${i}.md`] =
    `# Note ${i}\n\nOn host ${i}, ${words.join(', ')} were discussed in ticket ${1000 + i * 7}; ` +
    `see the ${['queue', 'relay', 'quota', 'spool', 'alias'][i % 5]} settings for host ${i}.\n`;
}
const MAIL = {
  ...notes,
  'penalty.md':
    '# Authentication penalty\n\nThe anvil process delays a failed authentication by two seconds, doubling up to ' +
    'fifteen.\n\n## Problems\n\nFor IPv6 it currently blocks the entire /48 block, which may or may not be what is ' +
    'wanted.\n',
};

// A manual whose licence appendix happens to use a word the question asks about ("PNG"), and release notes whose
// first heading is about a licence change and heads every section after it.
const JPEG = {
  'djpeg.md':
    '# djpeg\n\ndjpeg decompresses a JPEG file into a conventional image format: PPM, GIF, BMP or Targa. ' +
    'The output format is chosen with -pnm, -gif, -bmp or -targa; -outfile names the file it writes.\n\n' +
    '## GNU Free Documentation License\n\nExamples of transparent image formats include PNG, XCF and JPG. ' +
    'Opaque formats include proprietary formats that can be read and edited only by proprietary word processors.\n',
  'RELEASE_NOTES.md':
    '# License change\n\nThis release is distributed under the Eclipse Public License 2.0.\n\n' +
    '## Incompatible changes with 9.1\n\n### Stray line ends\n\nWith cleanup_replace_stray_cr_lf = yes, the ' +
    'cleanup daemon replaces each stray CR or LF character in message content with a space character.\n',
};

// Release notes that name an option as "tls-remote option", as a question may ("the tls-remote option"); and a
// manual of another program that names tar's options ("the only supported tar options"), without tar's manual.
const VPN = {
  'gpgtar.md':
    '# gpgtar\n\ngpgtar encrypts or signs files into an archive. The only supported tar options are --directory and ' +
    '--files-from; use --exclude-files to skip files matching a pattern.\n',
  'NEWS.Debian':
    'openvpn (2.4.0-1) unstable; urgency=medium\n\n  OpenVPN 2.4 removed tls-remote option. Current setups using that ' +
    'option\n  will fail to work. Update your configuration to use verify-x509-name\n  instead.\n\n' +
    'openvpn (2.3.0-1) unstable; urgency=medium\n\n  The init script now starts every configuration found in ' +
    '/etc/openvpn\n  unless AUTOSTART says otherwise.\n',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { mail: MAIL, jpeg: JPEG, vpn: VPN } });
});
after(() => server.close());

test('a search for a focus the best chunks lack weighs that term, and finds its passage behind a long question', async () => {
  const question =
    'Many of our customers reach the mail server over IPv6 from the same internet provider. When one of them keeps ' +
    "failing to log in, other customers of that provider start getting slow logins too. Why would one person's " +
    'failures slow down the others?';
  const r = await askOnce(server.deps, { question, sources: ['mail'] });
  // Found, the focus is in the evidence and the question is answered; unweighted, the search did not find it in
  // its 20 hits and the run refused: "no passage about ipv6 that answers the question".
  assert.equal(r.status, 'answered', `${r.refusal_reason}: ${r.refusal_detail}`);
  type Rec = { type: string; data: { purpose?: string; queries?: string[]; hits?: { doc_id: string }[] } };
  const recs = ((await server.deps.traces.get(r.run_id)) ?? []) as Rec[];
  const focus = recs.find((x) => x.type === 'retrieval' && x.data.purpose === 'focus');
  assert.ok(focus, 'the run searched for its focus');
  assert.deepEqual(focus.data.queries?.slice(1), ['ipv6^2.000']);
  assert.equal(focus.data.hits?.[0]?.doc_id, 'penalty.md');
  assert.ok(r.citations.length > 0);
});

test('licence text using the word the question asks about is no passage about it', async () => {
  const r = await askOnce(server.deps, {
    question: 'How do I get djpeg to write the decompressed image as a PNG file?',
    sources: ['jpeg'],
  });
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_reason, 'missing_focus');
  assert.equal(r.refusal_detail, 'no passage about png that answers the question');
});

test('a section under a far "License change" heading is no licence text, and it answers', async () => {
  assert.equal(isLegalChunk({ title: 'RELEASE_NOTES', heading_path: ['License change'] }), true);
  assert.equal(
    isLegalChunk({ title: 'GNU tar', heading_path: ['GNU General Public License', 'Preamble'] }),
    true,
    'a licence’s own sections are its text',
  );
  assert.equal(
    isLegalChunk({
      title: 'RELEASE_NOTES',
      heading_path: ['License change', 'Incompatible changes with 9.1', 'Stray line ends'],
    }),
    false,
  );
  // A heading naming a licence heads all of its text, however deep; an option's entry or a section about copying
  // files is no licence text.
  const legal = (...heading_path: string[]) => isLegalChunk({ title: 'doc', heading_path });
  assert.equal(legal('GNU GENERAL PUBLIC LICENSE', 'TERMS AND CONDITIONS', '0. Definitions.'), true);
  assert.equal(legal('Apache License, Version 2.0', 'TERMS AND CONDITIONS FOR USE', '1. Definitions.'), true);
  assert.equal(legal('Options', '--warranty'), false);
  assert.equal(legal('Options', '--license'), false);
  assert.equal(legal('Copying Existing Permissions'), false);
  assert.equal(legal('12 Copying'), true);
  const r = await askOnce(server.deps, {
    question: 'What does cleanup_replace_stray_cr_lf do?',
    sources: ['jpeg'],
  });
  assert.equal(r.status, 'answered', `${r.refusal_reason}: ${r.refusal_detail}`);
  assert.match(r.answer, /replaces each stray CR or LF character/);
});

test('an option named bare before "option", as the source writes it, is no program whose options are asked for', async () => {
  const r = await askOnce(server.deps, {
    question: 'OpenVPN 2.4 removed the tls-remote option; which option should configurations use instead?',
    sources: ['vpn'],
  });
  assert.equal(r.status, 'answered', `${r.refusal_reason}: ${r.refusal_detail}`);
  assert.match(r.answer, /verify-x509-name/);
});

test('a program whose options a question asks for is still one where other chunks say "tar options"', async () => {
  const r = await askOnce(server.deps, {
    question: 'Which tar option skips files matching a pattern?',
    sources: ['vpn'],
  });
  assert.equal(r.status, 'refused', r.answer);
  assert.equal(r.refusal_detail, "no passage documenting tar's options");
});
