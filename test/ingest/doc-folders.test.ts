import assert from 'node:assert/strict';
import { readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { resolveInputs } from '../../ingest/inputs.ts';
import { loadFile } from '../../ingest/loaders/index.ts';
import { extractInfo } from '../../ingest/loaders/info.ts';
import { runIngest } from '../../ingest/pipeline.ts';
import type { LoadContext } from '../../ingest/types.ts';
import { loadConfig } from '../../src/config.ts';
import { tempDb, tempDir } from '../helpers/temp-db.ts';
import { allChunks, countingEmbedder, extractedTexts, FIXTURES, writeTree } from './helpers.ts';

// A Debian-style /usr/share/doc/<package> folder: docs without an extension, docs compressed with gzip.
const README = 'Frobnicator\n\nThe frobnicator turns widgets into gadgets.\nRun frob --help to see its options.\n';
const NEWS = 'Version 2.1\n\n* The quantum flux capacitor no longer leaks memory.\n* Faster startup.\n';
const GUIDE =
  '<!doctype html><html><head><title>Frob Guide</title></head><body><h1>Frob Guide</h1><p>Read this first.</p>' +
  '<h2>Calibration</h2><p>Calibrate the frobnicator with frob --calibrate before first use.</p></body></html>';
const NOTES = '# Release notes\n\n## Known issues\n\nThe gadget counter overflows past 65535 gadgets.\n';
// An executable without an extension: ELF header, NUL bytes.
const TOOL = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0]);
const gz = (s: string | Uint8Array) => gzipSync(typeof s === 'string' ? Buffer.from(s) : s);

async function docFolder(dir: string): Promise<string> {
  const root = join(dir, 'frob');
  await writeTree(root, {
    README,
    'NEWS.gz': gz(NEWS),
    'guide.html.gz': gz(GUIDE),
    'notes.md.gz': gz(NOTES),
    tool: TOOL,
    // A gzip header, then garbage.
    'bad.gz': Buffer.concat([gz(NEWS).subarray(0, 12), Buffer.from('this is not deflate data at all')]),
  });
  return root;
}

describe('a documentation folder with extensionless and gzip-compressed files', () => {
  test('the walk keeps text without an extension and .gz files, and passes over binary files without one', async (t) => {
    const { dir } = await tempDir(t);
    const root = await docFolder(dir);
    await writeTree(root, {
      'images.gz': gz(Buffer.concat([TOOL, TOOL])),
      'tool.py.gz': gz('print(1)\n'),
      // Empty and blank files without an extension: nothing to ingest, passed over rather than failed.
      AUTHORS: '',
      CHANGES: '\n\n',
      'EMPTY.gz': gz(' \n'),
      '.hidden': 'text, but hidden',
      'node_modules/pkg/README': 'text, but in node_modules',
    });
    const r = await resolveInputs([root], dir);
    assert.deepEqual(
      r.files.map((f) => f.path),
      ['frob/NEWS.gz', 'frob/README', 'frob/bad.gz', 'frob/guide.html.gz', 'frob/notes.md.gz'],
    );
    assert.deepEqual(r.unsupported, [
      'frob/AUTHORS',
      'frob/CHANGES',
      'frob/EMPTY.gz',
      'frob/images.gz',
      'frob/tool',
      'frob/tool.py.gz',
    ]);
  });

  test('a text that writes a few NUL bytes (Enscript escapes) is read, each NUL shown as ^@; one beside other control bytes is not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'enscript');
    const escapes =
      'Special escapes in enscript\n\nEnscript supports special escape sequences which can be used to add simple page ' +
      'formatting commands to ASCII documents. All special escapes start with the null character.\n\n' +
      '\0shade{0.9} shades the lines that follow with a light gray; \0font{Courier10} switches the font.\n\n' +
      'Special escape interpretation is activated with the --escapes option.\n';
    await writeTree(root, {
      'README.ESCAPES.gz': gz(escapes),
      // A NUL beside other control bytes: binary, whatever the rest says.
      dump: Buffer.from(`${'text '.repeat(100)}\0\x01\x02 more text\n`),
    });
    const s = await runIngest(
      { source: 'enscript', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.equal(s.documents, 1);
    assert.deepEqual(s.failed, []);
    assert.deepEqual(s.unsupported, { count: 1, by_extension: { '(none)': 1 }, examples: ['dump'] });
    const chunks = await allChunks(await db.store.source('enscript'));
    assert.ok(chunks.some((c) => c.text.includes('^@shade{0.9} shades the lines')));
    const text = (await extractedTexts(join(root, 'README.ESCAPES.gz'))).get(join(root, 'README.ESCAPES.gz'))!;
    assert.equal(text, escapes.replaceAll('\0', '^@'));
    for (const c of chunks) assert.equal(text.slice(c.start, c.end), c.text);
  });

  test('text ones are ingested with titles and headings, the binary one is skipped, the corrupt one fails alone', async (t) => {
    const db = await tempDb(t);
    const root = await docFolder(db.dir);
    await writeFile(join(root, 'manual.pdf.gz'), gz(await readFile(join(FIXTURES, 'guide.pdf'))));
    const s = await runIngest(
      { source: 'frob', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.equal(s.documents, 5);
    assert.equal(s.failed.length, 1);
    assert.equal(s.failed[0]!.path, 'bad.gz');
    assert.match(s.failed[0]!.reason, /^not a valid gzip file \(.+\)$/);
    assert.deepEqual(s.unsupported, { count: 1, by_extension: { '(none)': 1 }, examples: ['tool'] });

    const chunks = await allChunks(await db.store.source('frob'));
    const titles = Object.fromEntries(chunks.map((c) => [c.doc_id, c.title]));
    assert.deepEqual(titles, {
      'NEWS.gz': 'NEWS',
      README: 'README',
      'guide.html.gz': 'Frob Guide',
      'manual.pdf.gz': 'Grounded ingestion guide',
      'notes.md.gz': 'Release notes',
    });
    const headings = (doc: string) => chunks.filter((c) => c.doc_id === doc).map((c) => c.heading_path);
    assert.deepEqual(headings('guide.html.gz').at(-1), ['Frob Guide', 'Calibration']);
    assert.deepEqual(headings('notes.md.gz'), [['Release notes', 'Known issues']]);
    assert.ok(chunks.some((c) => c.doc_id === 'guide.html.gz' && /frob --calibrate/.test(c.text)));
    assert.ok(!chunks.some((c) => /<h2>|<p>/.test(c.text)));

    // Offsets slice the decompressed text: the plain-text ones are the very text written.
    for (const [doc, text] of [
      ['README', README],
      ['NEWS.gz', NEWS],
    ] as const) {
      const own = chunks.filter((c) => c.doc_id === doc);
      assert.ok(own.length > 0);
      for (const c of own) assert.equal(text.slice(c.start, c.end), c.text);
    }
    for (const doc of ['guide.html.gz', 'notes.md.gz', 'manual.pdf.gz']) {
      const text = (await extractedTexts(join(root, doc))).get(join(root, doc))!;
      for (const c of chunks.filter((x) => x.doc_id === doc)) assert.equal(text.slice(c.start, c.end), c.text);
    }
    // The compressed PDF reads as the PDF itself.
    const pdf = (await extractedTexts(join(FIXTURES, 'guide.pdf'))).get(join(FIXTURES, 'guide.pdf'));
    assert.equal((await extractedTexts(join(root, 'manual.pdf.gz'))).get(join(root, 'manual.pdf.gz')), pdf);
  });

  test('a re-ingest after a .gz changes updates that document only; a removed one is deleted', async (t) => {
    const db = await tempDb(t);
    const root = await docFolder(db.dir);
    await rm(join(root, 'bad.gz'));
    const job = { source: 'frob', inputs: [root], baseDir: root };
    await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    const same = await runIngest(job, { store: db.store, embedder: countingEmbedder() });
    assert.deepEqual([same.skipped_unchanged, same.chunks_written], [4, 0]);

    await writeFile(join(root, 'NEWS.gz'), gz('Version 2.2\n\n* The flux capacitor is now calibrated at startup.\n'));
    await rm(join(root, 'notes.md.gz'));
    const embedder = countingEmbedder();
    const s = await runIngest(job, { store: db.store, embedder });
    assert.deepEqual(s.failed, []);
    assert.equal(s.skipped_unchanged, 2);
    assert.ok(s.chunks_deleted >= 2, `chunks_deleted ${s.chunks_deleted}`);
    assert.ok(embedder.calls.flat().every((x) => /Version 2\.2/.test(x)));
    const news = (await allChunks(await db.store.source('frob'))).filter((c) => c.doc_id === 'NEWS.gz');
    assert.ok(news.length > 0 && news.every((c) => !/2\.1|leaks/.test(c.text)));
    assert.ok(news.some((c) => /calibrated at startup/.test(c.text)));
    const docs = new Set((await allChunks(await db.store.source('frob'))).map((c) => c.doc_id));
    assert.deepEqual([...docs].sort(), ['NEWS.gz', 'README', 'guide.html.gz']);
  });

  test('a .gz that decompresses past the limit fails alone with the limit named', async (t) => {
    const db = await tempDb(t);
    const { dir } = await tempDir(t);
    // 32 MB of spaces and a word compress to ~32 KB; the job allows 1 MB.
    await writeTree(dir, {
      'bomb.txt.gz': gz(Buffer.concat([Buffer.from('word'), Buffer.alloc(32 << 20, 0x20)])),
      'ok.txt.gz': gz('A small compressed note.\n'),
    });
    const s = await runIngest(
      { source: 'bomb', inputs: [dir], baseDir: dir, maxDecompressedBytes: 1 << 20 },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.equal(s.documents, 1);
    assert.deepEqual(s.failed, [
      {
        path: 'bomb.txt.gz',
        reason: 'decompresses to more than 1 MB (GROUNDED_INGEST_MAX_DECOMPRESSED_MB=1)',
      },
    ]);
  });

  test('the limit is at most 512 MB: a larger one is refused at startup, naming the setting', () => {
    assert.equal(loadConfig({ GROUNDED_INGEST_MAX_DECOMPRESSED_MB: '512' }).GROUNDED_INGEST_MAX_DECOMPRESSED_MB, 512);
    assert.throws(
      () => loadConfig({ GROUNDED_INGEST_MAX_DECOMPRESSED_MB: '8000' }),
      /GROUNDED_INGEST_MAX_DECOMPRESSED_MB: at most 512 .*\(got "8000"\)/,
    );
  });

  test('a .jsonl.gz reports progress in its own bytes, never past its size', async (t) => {
    const { dir } = await tempDir(t);
    const file = join(dir, 'faq.jsonl.gz');
    const lines = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ id: `q${i}`, text: `Answer ${i} ${'la '.repeat(40)}` }),
    );
    await writeFile(file, gz(`${lines.join('\n')}\n`));
    const size = (await stat(file)).size;
    const seen: number[] = [];
    const ctx: LoadContext = {
      file,
      path: 'faq.jsonl.gz',
      docId: 'faq.jsonl.gz',
      jsonlFields: {},
      pdf: { extract: () => assert.fail('no PDF here') },
      onIssue: (r) => assert.fail(r),
      onBytes: (n) => seen.push(n),
    };
    let docs = 0;
    for await (const _ of loadFile(ctx, size)) docs++;
    assert.equal(docs, 2000);
    assert.ok(seen.length > 100);
    assert.ok(Math.max(...seen) <= size, `progress ${Math.max(...seen)} past the file's ${size} bytes`);
    assert.equal(seen.at(-1), size);
  });

  test('a .gz larger than its content may decompress to is refused before it is read, past 2 GB too', async (t) => {
    const { dir } = await tempDir(t);
    // Sparse files: nothing is written to disk.
    await writeFile(join(dir, 'big.txt.gz'), '');
    await truncate(join(dir, 'big.txt.gz'), 3 << 20);
    await writeFile(join(dir, 'huge.txt.gz'), '');
    await truncate(join(dir, 'huge.txt.gz'), 3 * 2 ** 30);
    const db = await tempDb(t);
    const s = await runIngest(
      { source: 'big', inputs: [dir], baseDir: dir, maxDecompressedBytes: 1 << 20 },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.deepEqual(
      [...s.failed].sort((a, b) => a.path.localeCompare(b.path)),
      [
        {
          path: 'big.txt.gz',
          reason: 'is 3 MB compressed, more than its content may decompress to (GROUNDED_INGEST_MAX_DECOMPRESSED_MB=1)',
        },
        {
          path: 'huge.txt.gz',
          reason:
            'is 3072 MB compressed, more than its content may decompress to (GROUNDED_INGEST_MAX_DECOMPRESSED_MB=1)',
        },
      ],
    );
  });
});

describe('plain text under the old text suffixes .doc and .asc', () => {
  test('a .doc or .asc whose content is text is read (terminal formatting dropped); a Word file, RTF and a PGP key are not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'pkg');
    // An OLE2 compound file's header, as a Word .doc starts, then NUL padding.
    const word = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(64)]);
    await writeTree(root, {
      'par.doc.gz': gz('par is a filter which copies its input to its output, changing all white space.\n'),
      'guide.doc': 'The frob guide: calibrate the gadget before first use.\n',
      // groff's terminal output, as bmake's PMake tutorial ships: bold struck over itself, an ANSI underline.
      'tutorial.asc.gz': gz(
        '\x1b[4mIntroduction\x1b[0m\n\nP\bPM\bMa\bak\bke\be is a program for creating other programs.\n',
      ),
      'report.doc': word,
      'KEYS.asc': '-----BEGIN PGP PUBLIC KEY BLOCK-----\n\nmQINBFrob\n-----END PGP PUBLIC KEY BLOCK-----\n',
      'letter.doc': '{\\rtf1\\ansi\\deff0 {\\fonttbl {\\f0 Times;}} Calibrate the gadget.}\n',
    });
    const r = await resolveInputs([root], db.dir);
    assert.deepEqual(
      r.files.map((f) => f.path),
      ['pkg/guide.doc', 'pkg/par.doc.gz', 'pkg/tutorial.asc.gz'],
    );
    assert.deepEqual(r.unsupported, ['pkg/KEYS.asc', 'pkg/letter.doc', 'pkg/report.doc']);
    await runIngest(
      { source: 'pkg', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const chunks = await allChunks(await db.store.source('pkg'));
    const tutorial = chunks
      .filter((c) => c.doc_id === 'tutorial.asc.gz')
      .map((c) => c.text)
      .join('\n');
    assert.match(tutorial, /PMake is a program for creating other programs/);
    assert.doesNotMatch(tutorial, /[\x08\x1b]/);
    assert.ok(chunks.some((c) => c.doc_id === 'par.doc.gz' && /copies its input to its output/.test(c.text)));
  });
});

describe('documents named by convention with a suffix that is no file type', () => {
  test('README.Debian, NEWS.Debian.gz, README.Debian.amd64, README.SQL, AAAREADME.first, git-p4.README, release notes and announcements are text named in full; INSTALL.sh and binaries are not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'pkg');
    await writeTree(root, {
      'README.Debian': 'Debian notes\n\nThe Debian package keeps its settings in /etc/frob.\n',
      'NEWS.Debian.gz': gz('frob (2.2-1) unstable\n\n  * The gadget counter now starts at one.\n'),
      'README.source': 'The source is kept in git.\n',
      'INSTALL.sh': '#!/bin/sh\nmake install\n',
      'README.bin': TOOL,
      // Several suffixes, a document about the file it is named after, and release notes, as /usr/share/doc has them.
      'README.Debian.amd64': 'The amd64 build links the gadget statically.\n',
      'NEWS.3.5.gz': gz('Version 3.5 adds the gadget counter.\n'),
      'frob_oauth2.py.README': 'Run frob_oauth2.py once to authorise frob with the mail provider.\n',
      'v2.13-ReleaseNotes': 'frob 2.13 release notes: the counter wraps at 2^32.\n',
      // A release's announcement with its version: the last suffix is no file type, nor a man page's section.
      'ANNOUNCE-4.2': 'I am pleased to announce frob 4.2, which adds the gadget counter.\n',
      'ANNOUNCE-3.2.4.gz': gz('frob 3.2.4 fixes the gadget counter.\n'),
      'Changes.old': 'Older changes: the gadget was renamed.\n',
      // A how-to, a manual or a guide as a package names them, with the Debian or upstream version as the suffix.
      'HOWTO.Debian.gz': gz('To back up a second machine, add a vault for it to /etc/frob/master.conf.\n'),
      'HOWTO.upstream': 'Make a vault for each file system you back up.\n',
      'MANUAL.pdfless': 'The manual as text: frob keeps one vault per file system.\n',
      // Notes on upgrading from a version: the version's last number is no man page's section.
      'Upgrading_from_1.1.gz': gz('Upgrading from frob 1.1: the config file moved to /etc/frob.conf.\n'),
      // A lower-case name is no conventional document's; a README in a markup ingest does not read is skipped.
      'notes.old': 'not a document by its name\n',
      'README.Debian.sh': '#!/bin/sh\necho hi\n',
      // A suffix in capitals is the README's topic, not a file type.
      'README.SQL.gz': gz('To keep the signing keys in a database, build frob with --with-odbx.\n'),
      // A name wholly in capital words is a document's; one whose last word is a file type is not.
      'GETTING.STARTED.gz': gz('To get started, train frob on a hundred messages of each kind.\n'),
      'MAKEFILE.PL': 'use ExtUtils::MakeMaker;\n',
      // A README named to sort first in a listing; an aardvark is no README.
      'AAAREADME.first': 'Read this first: frob needs a spool directory.\n',
      '00README.Debian': 'The Debian package starts frob at boot.\n',
      'AARDVARK.first': 'not a document by its name\n',
    });
    const r = await resolveInputs([root], db.dir);
    assert.deepEqual(
      r.files.map((f) => f.path),
      [
        'pkg/00README.Debian',
        'pkg/AAAREADME.first',
        'pkg/ANNOUNCE-3.2.4.gz',
        'pkg/ANNOUNCE-4.2',
        'pkg/Changes.old',
        'pkg/GETTING.STARTED.gz',
        'pkg/HOWTO.Debian.gz',
        'pkg/HOWTO.upstream',
        'pkg/MANUAL.pdfless',
        'pkg/NEWS.3.5.gz',
        'pkg/NEWS.Debian.gz',
        'pkg/README.Debian',
        'pkg/README.Debian.amd64',
        'pkg/README.SQL.gz',
        'pkg/README.source',
        'pkg/Upgrading_from_1.1.gz',
        'pkg/frob_oauth2.py.README',
        'pkg/v2.13-ReleaseNotes',
      ],
    );
    assert.deepEqual(r.unsupported, [
      'pkg/AARDVARK.first',
      'pkg/INSTALL.sh',
      'pkg/MAKEFILE.PL',
      'pkg/README.Debian.sh',
      'pkg/README.bin',
      'pkg/notes.old',
    ]);
    await runIngest(
      { source: 'pkg', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const chunks = await allChunks(await db.store.source('pkg'));
    assert.deepEqual(Object.fromEntries(chunks.map((c) => [c.doc_id, c.title])), {
      '00README.Debian': '00README.Debian',
      'AAAREADME.first': 'AAAREADME.first',
      'ANNOUNCE-3.2.4.gz': 'ANNOUNCE-3.2.4',
      'ANNOUNCE-4.2': 'ANNOUNCE-4.2',
      'Changes.old': 'Changes.old',
      'GETTING.STARTED.gz': 'GETTING.STARTED',
      'HOWTO.Debian.gz': 'HOWTO.Debian',
      'HOWTO.upstream': 'HOWTO.upstream',
      'MANUAL.pdfless': 'MANUAL.pdfless',
      'NEWS.3.5.gz': 'NEWS.3.5',
      'NEWS.Debian.gz': 'NEWS.Debian',
      'README.Debian': 'README.Debian',
      'README.Debian.amd64': 'README.Debian.amd64',
      'README.SQL.gz': 'README.SQL',
      'README.source': 'README.source',
      'Upgrading_from_1.1.gz': 'Upgrading_from_1.1',
      'frob_oauth2.py.README': 'frob_oauth2.py.README',
      'v2.13-ReleaseNotes': 'v2.13-ReleaseNotes',
    });
    assert.ok(chunks.some((c) => c.text.includes('keeps its settings in /etc/frob')));
    assert.ok(chunks.some((c) => c.text.includes('Run frob_oauth2.py once')));
    assert.ok(chunks.some((c) => c.text.includes('add a vault for it to /etc/frob/master.conf')));
  });
});

describe('configuration files in a documentation folder', () => {
  test('example configs (sysctl.conf, chrony.conf.example3, keepalived.conf.vrrp, sample.nanorc, sample.muttrc-sidebar, smartd.conf.gz, squid.conf.documented.gz, msmtprc-user.example), systemd units and help texts (xio.help, CRAWL.announce) are text named in full; code is not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'pkg');
    await writeTree(root, {
      'sysctl.conf': '# Uncomment the next line to enable packet forwarding for IPv4\n#net.ipv4.ip_forward=1\n',
      'chrony.conf.example3': '# Slew the clock for leap seconds instead of stepping it.\nleapsecmode slew\n',
      'sample.nanorc': "## Save a changed buffer automatically on exit; don't prompt.\n# set saveonexit\n",
      'sample.frobrc-sidebar': '# Show the sidebar on the left.\nset sidebar_visible\n',
      'smartd.conf.gz': gz('# Monitor all disks and mail root on trouble.\nDEVICESCAN -m root\n'),
      'frobd.conf.documented.gz': gz('#  TAG: shutdown_lifetime\ttime-units\n#\tWait this long for clients.\n'),
      'xio.help.gz': gz('Address options: ignoreeof makes a file read like tail -f.\n'),
      'CRAWL.announce.gz': gz('The crawl code can be started with a command line switch.\n'),
      'frobrc.sample.gz': gz('## Cap the traffic a relay sends each month.\n#AccountingMax 40 GBytes\n'),
      // Examples named as such: read unless the name before the suffix is code's.
      'frobrc-user.example': '# Greet the relay with this host name.\ndomain mail.example.org\n',
      'settings.dist': '# Copy to settings and set the spool directory.\nspool=/var/spool/frob\n',
      'frob.py.example': 'print("an example program")\n',
      'index.html.example': '<p>An example page.</p>\n',
      // Examples named after what they show, and a syntax reference: a .conf name with suffixes of its own.
      'frobd.conf.vrrp': '# A floating address moved by VRRP.\nvrrp_instance VI_1 { }\n',
      'frobd.conf.HTTP_GET.port': '# Check a real server by HTTP on another port.\nconnect_port 8080\n',
      'frobd.conf.SYNOPSIS': 'This file is now deprecated: see the frobd.conf manual page.\n',
      'frobd.conf.sh': '#!/bin/sh\necho not a config\n',
      'frob.c': 'int main(void) { return 0; }\n',
      // A web archive's name ends in "rc" too; its records are no configuration.
      'crawl.warc': 'WARC/1.0\nWARC-Type: warcinfo\n',
      'tool.conf': TOOL,
      // systemd units shipped as examples to install.
      'frob-backup@.service':
        '[Unit]\nDescription=Back up profile %i\n\n[Service]\nExecStart=/usr/bin/frob %i backup\n',
      'frob-backup@.timer':
        '[Timer]\n# Run nightly; catch up on a missed run after boot.\nOnCalendar=daily\nPersistent=true\n',
    });
    const r = await resolveInputs([root], db.dir);
    assert.deepEqual(
      r.files.map((f) => f.path),
      [
        'pkg/CRAWL.announce.gz',
        'pkg/chrony.conf.example3',
        'pkg/frob-backup@.service',
        'pkg/frob-backup@.timer',
        'pkg/frobd.conf.HTTP_GET.port',
        'pkg/frobd.conf.SYNOPSIS',
        'pkg/frobd.conf.documented.gz',
        'pkg/frobd.conf.vrrp',
        'pkg/frobrc-user.example',
        'pkg/frobrc.sample.gz',
        'pkg/sample.frobrc-sidebar',
        'pkg/sample.nanorc',
        'pkg/settings.dist',
        'pkg/smartd.conf.gz',
        'pkg/sysctl.conf',
        'pkg/xio.help.gz',
      ],
    );
    assert.deepEqual(r.unsupported, [
      'pkg/crawl.warc',
      'pkg/frob.c',
      'pkg/frob.py.example',
      'pkg/frobd.conf.sh',
      'pkg/index.html.example',
      'pkg/tool.conf',
    ]);
    await runIngest(
      { source: 'pkg', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const chunks = await allChunks(await db.store.source('pkg'));
    assert.deepEqual(Object.fromEntries(chunks.map((c) => [c.doc_id, c.title])), {
      'CRAWL.announce.gz': 'CRAWL.announce',
      'chrony.conf.example3': 'chrony.conf.example3',
      'frob-backup@.service': 'frob-backup@.service',
      'frob-backup@.timer': 'frob-backup@.timer',
      'frobd.conf.HTTP_GET.port': 'frobd.conf.HTTP_GET.port',
      'frobd.conf.SYNOPSIS': 'frobd.conf.SYNOPSIS',
      'frobd.conf.documented.gz': 'frobd.conf.documented',
      'frobd.conf.vrrp': 'frobd.conf.vrrp',
      'frobrc-user.example': 'frobrc-user.example',
      'frobrc.sample.gz': 'frobrc.sample',
      'sample.frobrc-sidebar': 'sample.frobrc-sidebar',
      'sample.nanorc': 'sample.nanorc',
      'settings.dist': 'settings.dist',
      'smartd.conf.gz': 'smartd.conf',
      'sysctl.conf': 'sysctl.conf',
      'xio.help.gz': 'xio.help',
    });
    assert.ok(chunks.some((c) => c.text.includes('#net.ipv4.ip_forward=1')));
    assert.ok(chunks.some((c) => c.text.includes('shutdown_lifetime')));
    assert.ok(chunks.some((c) => c.text.includes('OnCalendar=daily')));
  });

  test('a package examples folder (rulesets, journals, configs in formats of their own) and examples of XML or YAML configuration are text; code in them is not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'pkg');
    await writeTree(root, {
      'examples/nat.nft': '#!/usr/sbin/nft -f\n# Masquerade what leaves through the uplink.\ntable ip nat {\n}\n',
      'examples/sample.dat': '; A journal of two transactions, for trying out reports.\n2004/05/01 Checking balance\n',
      'examples/frobd.conf-sample': '; Verify the peer certificate against the CA file.\nverify = 2\n',
      'examples/frob.wpa_psk': '# One pre-shared key per station address.\n00:00:00:00:00:00 secret passphrase\n',
      'examples/count.awk': 'BEGIN { n = 0 }\n',
      'examples/frob.c': 'int main(void) { return 0; }\n',
      'examples/frob.1': '.TH FROB 1\n.SH NAME\nfrob \\- frob things\n',
      'examples/tool': TOOL,
      'frobd.xml.dist.gz': gz(
        '<frobd>\n  <!-- For low-latency setups, you might want to disable this. -->\n  <burst-on-connect>1</burst-on-connect>\n</frobd>\n',
      ),
      'config.yml.example': '# Where the spool lives; created on first start.\nspool: /var/spool/frob\n',
      'settings.json.example': '{"spool": "/var/spool/frob"}\n',
      'frob.nft': 'table ip filter {\n}\n',
      // JSON with comments is a documented example configuration; JSON without them is data.
      'examples/one-subnet.json':
        '// Renew timers are commented out, so clients get none.\n{ "subnet": "192.0.2.0/24" }\n',
      'frob.jsonc.gz': gz('{\n  # The spool is created on first start.\n  "spool": "/var/spool/frob"\n}\n'),
      'examples/leases.json': '{ "leases": [] }\n',
    });
    const r = await resolveInputs([root], db.dir);
    assert.deepEqual(
      r.files.map((f) => f.path),
      [
        'pkg/config.yml.example',
        'pkg/examples/frob.1',
        'pkg/examples/frob.wpa_psk',
        'pkg/examples/frobd.conf-sample',
        'pkg/examples/nat.nft',
        'pkg/examples/one-subnet.json',
        'pkg/examples/sample.dat',
        'pkg/frob.jsonc.gz',
        'pkg/frobd.xml.dist.gz',
      ],
    );
    assert.deepEqual(r.unsupported, [
      'pkg/examples/count.awk',
      'pkg/examples/frob.c',
      'pkg/examples/leases.json',
      'pkg/examples/tool',
      'pkg/frob.nft',
      'pkg/settings.json.example',
    ]);
    await runIngest(
      { source: 'pkg', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const chunks = await allChunks(await db.store.source('pkg'));
    const titles = Object.fromEntries(chunks.map((c) => [c.doc_id, c.title]));
    assert.equal(titles['examples/nat.nft'], 'nat.nft');
    assert.equal(titles['frobd.xml.dist.gz'], 'frobd.xml.dist');
    assert.equal(titles['examples/one-subnet.json'], 'one-subnet.json');
    assert.ok(chunks.some((c) => c.text.includes('Renew timers are commented out')));
    assert.ok(chunks.some((c) => c.doc_id === 'frob.jsonc.gz' && c.text.includes('created on first start')));
    // Named explicitly, JSON without comments is reported as data, and the job goes on.
    const explicit = await runIngest(
      { source: 'pkg', inputs: ['examples/leases.json'], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.deepEqual(
      explicit.failed.map((f) => [f.path, f.reason]),
      [
        [
          'examples/leases.json',
          'a JSON file without comments is data: only JSON with comments (an example configuration) is read as a document',
        ],
      ],
    );
    assert.ok(chunks.some((c) => c.doc_id === 'examples/frob.1' && c.text.includes('frob things')));
    assert.ok(chunks.some((c) => c.text.includes('you might want to disable this')));
    assert.ok(chunks.some((c) => c.text.includes('Verify the peer certificate')));
  });
});

// A man page written in DocBook XML, as Expat ships xmlwf's: its name and options come from the DTD's own entities.
const XMLWF = `<?xml version="1.0"?>
<!-- Copyright (c) 2001 Someone -->
<!DOCTYPE refentry PUBLIC "-//OASIS//DTD DocBook XML V4.2//EN" "http://www.oasis-open.org/docbook/xml/4.2/docbookx.dtd" [
  <!ENTITY dhpackage "frobwf">
  <!ENTITY dhucpackage "<refentrytitle>FROBWF</refentrytitle>">
]>
<refentry>
  <refentryinfo><author><firstname>Ann</firstname></author><copyright><year>2001</year></copyright></refentryinfo>
  <refmeta>&dhucpackage;</refmeta>
  <refnamediv><refname>&dhpackage;</refname><refpurpose>Checks that a frob document is well-formed</refpurpose></refnamediv>
  <refsect1><title>OPTIONS</title>
    <variablelist>
      <varlistentry><term><option>-k</option></term>
        <listitem><para>On a well-formedness error, report the error but keep processing the remaining
        documents (see the <option>-x</option> option).</para></listitem></varlistentry>
    </variablelist>
  </refsect1>
</refentry>
`;

describe('DocBook XML documentation', () => {
  test('a DocBook man page is read with its entities, titled sections and options inline; other XML is not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'pkg');
    await writeTree(root, {
      'frobwf.xml.gz': gz(XMLWF),
      'layout.xml': '<?xml version="1.0"?>\n<layout><panel name="left"/></layout>\n',
    });
    const r = await resolveInputs([root], db.dir);
    assert.deepEqual(
      r.files.map((f) => f.path),
      ['pkg/frobwf.xml.gz'],
    );
    assert.deepEqual(r.unsupported, ['pkg/layout.xml']);
    await runIngest(
      { source: 'pkg', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const chunks = await allChunks(await db.store.source('pkg'));
    const text = chunks.map((c) => c.text).join('\n');
    // Titled by its name; its option's term line stands over the description, as in a man page.
    assert.ok(chunks.every((c) => c.title === 'frobwf'));
    assert.match(text, /^Checks that a frob document is well-formed\n-k\n\nOn a well-formedness error/);
    assert.match(text, /report the error but keep processing the remaining documents \(see the -x option\)\./);
    // The metadata block (author, copyright) and the entity names are no text.
    assert.doesNotMatch(text, /Ann|2001|&dh|FROBWF/);
    assert.ok(
      chunks.some((c) => c.heading_path.join(' > ') === 'frobwf > OPTIONS'),
      JSON.stringify(chunks.map((c) => c.heading_path)),
    );
    // Named on its own, an XML file that is not DocBook fails with the reason.
    const lone = await runIngest(
      { source: 'lone', inputs: [join(root, 'layout.xml')], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.equal(lone.failed.length, 1);
    assert.match(lone.failed[0]!.reason, /not DocBook/);
  });
});

// A GNU info manual as makeinfo writes it, split in two parts as large manuals are: the main file holds only the
// preamble and the table of its parts; nodes sit after \x1f lines; the index node holds makeinfo's NUL-delimited marker.
const US = '\x1f';
const FROB_INFO = [
  'This is frob.info, produced by makeinfo version 6.8 from frob.texi.',
  '',
  'This manual is for Frob 2.2.',
  'INFO-DIR-SECTION Utilities',
  'START-INFO-DIR-ENTRY',
  '* Frob: (frob).                 Turn widgets into gadgets.',
  'END-INFO-DIR-ENTRY',
  '',
  US,
  'Indirect:',
  'frob.info-1: 300',
  'frob.info-2: 900',
  US,
  'Tag Table:',
  '(Indirect)',
  'Node: Top\x7f300',
  'Node: Invoking frob\x7f700',
  US,
  'End Tag Table',
  '',
].join('\n');
const FROB_INFO_1 = [
  'This is frob.info, produced by makeinfo version 6.8 from frob.texi.',
  '',
  US,
  'File: frob.info,  Node: Top,  Next: Invoking frob,  Up: (dir)',
  '',
  'Frob: turning widgets into gadgets',
  '**********************************',
  '',
  'This manual is for Frob 2.2.',
  '',
  '* Menu:',
  '',
  '* Invoking frob::       How to run it.',
  '* Index::               Concepts.',
  '',
  US,
  'File: frob.info,  Node: Invoking frob,  Next: Index,  Prev: Top,  Up: Top',
  '',
  '1 Invoking frob',
  '***************',
  '',
  'Frob reads widgets from its standard input.',
  '',
  '‘--gadgets=N’',
  '‘-g N’',
  '     Stop after N gadgets.  The default is to turn every widget.',
  '',
].join('\n');
const FROB_INFO_2 = [
  'This is frob.info, produced by makeinfo version 6.8 from frob.texi.',
  '',
  US,
  'File: frob.info,  Node: Index,  Prev: Invoking frob,  Up: Top',
  '',
  'Index',
  '*****',
  '',
  '\0\b[index\0\b]',
  '* Menu:',
  '',
  '* gadgets:                              Invoking frob.         (line 6)',
  '* standard input:                       Invoking frob.         (line 3)',
  '* widgets:                              Invoking frob.         (line 3)',
  '',
  US,
  'Local Variables:',
  'coding: utf-8',
  'End:',
  '',
].join('\n');

describe('GNU info manuals as distributions ship them', () => {
  test('.info.gz files and a split manual’s parts are read as their nodes: headings, no navigation or tables', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'info');
    await writeTree(root, {
      'frob.info.gz': gz(FROB_INFO),
      'frob.info-1.gz': gz(FROB_INFO_1),
      'frob.info-2.gz': gz(FROB_INFO_2),
      'plain.info': FROB_INFO_1,
    });
    const s = await runIngest(
      { source: 'info', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    assert.equal(s.failed.length, 0, JSON.stringify(s.failed));
    assert.equal(s.unsupported.count, 0);
    assert.equal(s.documents, 4);
    const chunks = await allChunks(await db.store.source('info'));
    const of = (doc: string) => chunks.filter((c) => c.doc_id === doc);
    // The main file holds no node: a document with nothing to chunk.
    assert.equal(of('frob.info.gz').length, 0);
    for (const doc of ['frob.info-1.gz', 'plain.info']) {
      const own = of(doc);
      assert.equal(own[0]!.title, 'Frob: turning widgets into gadgets');
      const entry = own.find((c) => c.text.includes('Stop after N gadgets'))!;
      // The Top node's title and the chapters are underlined alike (`*`): peers, as in every makeinfo manual.
      assert.deepEqual(entry.heading_path, ['1 Invoking frob', '‘--gadgets=N’, ‘-g N’']);
      assert.ok(own.some((c) => c.text.includes('Frob reads widgets from its standard input.')));
    }
    // What no reader sees is in no chunk: the preamble, node headers, menus, tables, control characters.
    for (const c of chunks) {
      assert.doesNotMatch(c.text, /produced by makeinfo|INFO-DIR|File: frob\.info|\* Menu:|Tag Table|Indirect:/);
      assert.doesNotMatch(c.text, /Local Variables|\(line \d+\)/);
      assert.doesNotMatch(c.text, /[\0\b\x1f\x7f]/);
    }
    // Offsets slice the text the loader extracted.
    for (const doc of ['frob.info-1.gz', 'frob.info-2.gz', 'plain.info']) {
      const text = (await extractedTexts(join(root, doc))).get(join(root, doc))!;
      for (const c of of(doc)) assert.equal(text.slice(c.start, c.end), c.text);
    }
  });

  test("a Top node titled with a word any manual uses is named by the manual's dir entry", () => {
    // binutils' Top node is titled "Introduction"; its preamble's entry says what the manual is.
    const generic = [FROB_INFO.split(US)[0]!, FROB_INFO_1.split(US).slice(1).join(US)]
      .join(US)
      .replace('Frob: turning widgets into gadgets\n**********************************', 'Introduction\n************');
    assert.equal(extractInfo(generic, 'frob').title, 'Frob: Turn widgets into gadgets');
    // Any other Top title is the manual's own; a part without the Top node keeps the name it was given.
    assert.equal(extractInfo(FROB_INFO_1, 'frob').title, 'Frob: turning widgets into gadgets');
    assert.equal(extractInfo(FROB_INFO_2, 'frob').title, 'frob');
  });
});

const USAGE = [
  'USAGE instructions for the frob programs',
  '=========================================',
  '',
  'This file describes frob and unfrob.',
  '',
  '',
  'GENERAL USAGE',
  '',
  'On most systems, you say:',
  '        frob [switches] [widgetfile] >gadgetfile',
  'or',
  '        frob [switches] <widgetfile >gadgetfile',
  '',
  '',
  'FROB DETAILS',
  '',
  'The basic command line switches for frob are:',
  '',
  '        -quality N      Scale the gadget tables; default is 75.',
  '',
  'WARNING',
  '',
  'Widgets wider than the gadget tables are cut.',
  '',
  'NAME     VALUE',
  '',
  'The table above lists nothing yet.',
  '',
].join('\n');
/** One shouted line in a text heads nothing. */
const SHOUT = ['Frob release notes', '', 'THANKS', '', 'Thanks to everyone who sent widgets.', ''].join('\n');

describe('plain-text manuals', () => {
  test('a section named in upper case between blank lines heads the text at the margin below it', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'doc');
    await writeTree(root, { 'usage.txt': USAGE, 'notes.txt': SHOUT });
    await runIngest(
      { source: 'doc', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const all = await allChunks(await db.store.source('doc'));
    const chunks = all.filter((c) => c.doc_id === 'usage.txt');
    const paths = chunks.map((c) => c.heading_path.join(' > '));
    const title = 'USAGE instructions for the frob programs';
    const quality = chunks.find((c) => c.text.includes('default is 75'))!;
    // Under the underlined title, as a section of it.
    assert.deepEqual(quality.heading_path, [title, 'FROB DETAILS'], JSON.stringify(paths));
    assert.ok(
      chunks.some(
        (c) => c.text.includes('On most systems') && c.heading_path.join(' > ') === `${title} > GENERAL USAGE`,
      ),
      JSON.stringify(paths),
    );
    // An "or" over an indented example is no entry; a callout and a table's header row are no sections.
    assert.ok(!paths.some((p) => /\bor$|WARNING|NAME/.test(p)), JSON.stringify(paths));
    assert.ok(chunks.some((c) => c.text.includes('Widgets wider') && /FROB DETAILS$/.test(c.heading_path.join(' > '))));
    // A text with one such line has no sections.
    for (const c of all.filter((c) => c.doc_id === 'notes.txt')) assert.ok(!c.heading_path.includes('THANKS'));
    for (const doc of ['usage.txt', 'notes.txt']) {
      const text = (await extractedTexts(join(root, doc))).get(join(root, doc))!;
      for (const c of all.filter((c) => c.doc_id === doc)) assert.equal(text.slice(c.start, c.end), c.text);
    }
  });

  test('an underlined line the text opens with is its title, or one over a rule after a blank line, or a centred one; the first of several underlined alike is not', async (t) => {
    const db = await tempDb(t);
    const root = join(db.dir, 'doc');
    const sections =
      'Apparmor profile\n================\n\nIt is enforced.\n\nSystemd unit\n============\n\nIt starts late.\n';
    // A man-page section under the title is a section of it, whatever level it gets; CRLF line ends read as LF.
    const manual = 'Frob tool\r\n=========\r\n\r\nSYNOPSIS\r\n    frob [options]\r\n\r\nOPTIONS\r\n    -v  verbose\r\n';
    await writeTree(root, {
      'usage.txt': USAGE,
      'README.Debian': sections,
      'frob.txt': manual,
      'NEWS.gz': gz(`Frob NEWS\n---------\n\n${NEWS}`),
      // A title over a rule across the page, a blank line between, as a README rendered for a terminal opens (bold
      // by overstrike); a first sentence over a rule is no title.
      FROB_README: 'F\bFr\bro\bob\bb H\bHo\bow\bwt\bto\bo\n\n------------------------------\n\nFrob reads its spool.\n',
      'notes.txt': 'Frob reads its spool every minute.\n\n------------------------------\n\nMore.\n',
      // A centred first line is a title too, letter-spaced or not; an indented paragraph's first line is not.
      INTRO: '          FROB - the spool reader\n\nPurpose\n    Frob reads spools.\n',
      KNOWNBUGS: '\t\tK N O W N   B U G S\n\nNone yet.\n',
      'para.txt': '        Frob reads its spool every minute,\n\nand then sleeps.\n',
      // Nor is an interpreter or editor line, a version-control keyword, a question or a copyright line.
      'frob.sh.txt': '#!/bin/sh\n\n------------------------------\n\nexec frob\n',
      TODO: '-*- outline -*-\n\n\t\tFrob things to do\n',
      'why.txt': '          Why does frob crash on startup?\n\nIt does not.\n',
      'legal.txt': '\t\tCopyright (C) 1999 Joe Bloggs\n\nAll rights reserved.\n',
    });
    await runIngest(
      { source: 'doc', inputs: [root], baseDir: root },
      { store: db.store, embedder: countingEmbedder() },
    );
    const titles = new Map((await allChunks(await db.store.source('doc'))).map((c) => [c.doc_id, c.title]));
    assert.deepEqual(Object.fromEntries([...titles].sort()), {
      FROB_README: 'Frob Howto',
      INTRO: 'FROB - the spool reader',
      KNOWNBUGS: 'KNOWN BUGS',
      'NEWS.gz': 'Frob NEWS',
      'README.Debian': 'README.Debian',
      'frob.txt': 'Frob tool',
      TODO: 'TODO',
      'frob.sh.txt': 'frob.sh',
      'legal.txt': 'legal',
      'notes.txt': 'notes',
      'para.txt': 'para',
      'why.txt': 'why',
      'usage.txt': 'USAGE instructions for the frob programs',
    });
  });
});
