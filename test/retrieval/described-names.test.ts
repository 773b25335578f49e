import assert from 'node:assert/strict';
import { type TestContext, test } from 'node:test';
import { createBuiltinEmbedder } from '../../src/providers/builtin-embedder.ts';
import { describedNamesFor } from '../../src/retrieval/described-names.ts';
import { Retriever } from '../../src/retrieval/index.ts';
import { DescribedNames, definitionsIn } from '../../src/text/index.ts';
import { plainRows } from '../helpers/chunk-rows.ts';
import { tempDb } from '../helpers/temp-db.ts';

const openings = [
  { group: 'tmux', text: 'Welcome to tmux!\n\ntmux is a terminal multiplexer: it enables a number of terminals.' },
  { group: 'openvpn', text: 'OpenVPN is an open source VPN daemon by James Yonan.' },
  { group: 'socat', text: 'NAME\n  socat - Multipurpose relay (SOcket CAT)\nSYNOPSIS' },
  { group: 'privoxy', text: 'Privoxy is a non-caching web proxy with advanced filtering capabilities.' },
  { group: 'haproxy', text: 'The daemon writes its logs through syslog. Bug reports go to the list.' },
];

test('a document says what its own program is: "X is a …" and a manual page NAME line', () => {
  const names = new Set(['tmux', 'socat']);
  assert.deepEqual(definitionsIn(openings[0]!.text, names), [{ name: 'tmux', description: 'terminal multiplexer' }]);
  assert.deepEqual(definitionsIn(openings[2]!.text, names), [
    { name: 'socat', description: 'Multipurpose relay (SOcket CAT)' },
  ]);
  // GNU's "This is X. It is a …" and a title line "X: …" (the first line only: later ones are settings).
  assert.deepEqual(
    definitionsIn('This is GNU gperf. It is a program that generates perfect hash functions.', new Set(['gperf'])),
    [{ name: 'gperf', description: 'program that generates perfect hash functions' }],
  );
  const keepalived = new Set(['keepalived']);
  assert.deepEqual(definitionsIn('keepalived: Loadbalancing & High-Availability\n====', keepalived), [
    { name: 'keepalived', description: 'Loadbalancing & High-Availability' },
  ]);
  assert.deepEqual(definitionsIn('Options\nkeepalived: vrrp_strict = yes', keepalived), []);
  // A name outside the document's own folders is not its to describe.
  assert.deepEqual(definitionsIn(openings[1]!.text, names), []);
});

test('a question describing a program by what it is finds its name; one naming a package or saying little does not', () => {
  const d = new DescribedNames(openings);
  assert.deepEqual(d.describedIn('My terminal multiplexer keeps misbehaving. How do I get log files?'), ['tmux']);
  assert.deepEqual(d.describedIn('I run our VPN daemon in a chroot.'), ['openvpn']);
  assert.deepEqual(d.describedIn('The ad-filtering proxy blocks my bank.'), ['privoxy']);
  // It names a package: its own words scope the search.
  assert.deepEqual(d.describedIn('My terminal multiplexer, tmux, hangs.'), []);
  assert.deepEqual(d.describedIn('Does Privoxy work with a VPN daemon?'), []);
  // A package of two letters is named too ("bc" among bc, sudo and others).
  const bc = new DescribedNames([...openings, { group: 'bc', text: 'bc is an arbitrary precision calculator.' }]);
  assert.deepEqual(bc.describedIn('Why does bc give a precision of 0 in my terminal multiplexer?'), []);
  // A package named by an English word is named as a name: "a log file" is no mention of the `file` package.
  const file = new DescribedNames([...openings, { group: 'file', text: 'file - determine file type' }]);
  assert.deepEqual(file.describedIn('My terminal multiplexer writes no log file.'), ['tmux']);
  assert.deepEqual(file.describedIn('Does File see what my terminal multiplexer writes?'), []);
  // "daemon" is in two packages' openings: alone it weighs less than one word no other package uses.
  assert.deepEqual(d.describedIn('Which daemon should I restart?'), []);
  // Two packages are too few to tell a description from the folder's topic.
  assert.deepEqual(new DescribedNames(openings.slice(0, 2)).describedIn('My terminal multiplexer hangs.'), []);
});

test('a hybrid search adds the name of the program a question describes and scopes the ranking to its folder', async (t) => {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const docs = (opening: string) =>
    [
      ['corpus/tmux/README', opening],
      ['corpus/tmux/README', 'To report a bug, run tmux with -v and -vv to generate server and client log files.'],
      ['corpus/openvpn/README', openings[1]!.text],
      ['corpus/socat/socat.html', openings[2]!.text],
      ['corpus/privoxy/README', openings[3]!.text],
      ['corpus/privoxy/config.html', 'Set logfile and debug in the config to make the proxy write log files.'],
      ['corpus/privoxy/contact.html', 'Before you send the developers a bug report, check that it is not known.'],
      ['corpus/haproxy/intro.html', openings[4]!.text],
    ] as const;
  const retriever = new Retriever(db.store, embedder);
  const query = 'My terminal multiplexer keeps misbehaving. How do I get it to write log files?';
  const order = async (source: string, opening: string, mode: 'hybrid' | 'bm25' = 'hybrid') => {
    const table = await db.store.sourceForWrite(source, embedder);
    const texts = docs(opening).map(([, text]) => text);
    const paths = docs(opening).map(([path]) => path);
    const rows = plainRows(source, texts, await embedder.embed(texts)).map((r, i) => ({
      ...r,
      path: paths[i]!,
      doc_id: paths[i]!,
      chunk_index: i > 0 && paths[i - 1] === paths[i] ? 1 : 0,
    }));
    await table.appendChunks(rows);
    await table.refreshIndexes();
    return (await retriever.search({ query, sources: [source], topK: 8, mode })).map((h) => h.id);
  };
  // tmux's README says what tmux is: the search adds "tmux" and scopes its folder, and tmux's answer (c1) comes
  // before the proxy's page on log files (c5)…
  const described = await order('described', openings[0]!.text);
  assert.ok(described.indexOf('c1') < described.indexOf('c5'), described.join(' '));
  // … which outranks it when the README only says hello, and in LanceDB's full-text search as asked.
  const plain = await order('plain', 'Welcome to tmux!');
  assert.ok(plain.indexOf('c5') < plain.indexOf('c1'), plain.join(' '));
  const bm25 = await order('bm25', openings[0]!.text, 'bm25');
  assert.ok(bm25.indexOf('c5') < bm25.indexOf('c1'), bm25.join(' '));
});

test("a source's descriptions are read again after a minute, searches meanwhile keeping the last reading", async (t) => {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const table = await db.store.sourceForWrite('s', embedder);
  const write = async (rows: [string, string][], from: number) => {
    const texts = rows.map(([, text]) => text);
    await table.appendChunks(
      plainRows('s', texts, await embedder.embed(texts), from).map((r, i) => ({
        ...r,
        path: rows[i]![0],
        doc_id: rows[i]![0],
      })),
    );
  };
  await write(
    [
      ['corpus/openvpn/README', openings[1]!.text],
      ['corpus/socat/socat.html', openings[2]!.text],
    ],
    0,
  );
  const src = await db.store.source('s');
  const question = 'My terminal multiplexer hangs.';
  // Two packages: no descriptions.
  assert.equal(await describedNamesFor(src, 1_000), undefined);
  await write(
    [
      ['corpus/tmux/README', openings[0]!.text],
      ['corpus/privoxy/README', openings[3]!.text],
    ],
    2,
  );
  // Within the minute, the reading stands.
  assert.equal(await describedNamesFor(src, 30_000), undefined);
  // After it, the search that finds it stale goes on with it while the source is read again; the next has the new.
  assert.equal(await describedNamesFor(src, 62_000), undefined);
  let read = await describedNamesFor(src, 62_001);
  for (let waited = 0; !read && waited < 10_000; waited += 50) {
    await new Promise((r) => setTimeout(r, 50));
    read = await describedNamesFor(src, 62_001);
  }
  assert.deepEqual(read?.describedIn(question), ['tmux']);
});

/** A source of four packages' opening chunks, published: the handle readers get serves that version. */
async function publishedSource(t: TestContext) {
  const embedder = createBuiltinEmbedder(64);
  const db = await tempDb();
  t.after(() => db.cleanup());
  const table = await db.store.sourceForWrite('p', embedder);
  const texts = openings.slice(0, 4).map((o) => o.text);
  await table.appendChunks(
    plainRows('p', texts, await embedder.embed(texts)).map((r, i) => ({
      ...r,
      path: `corpus/${openings[i]!.group}/README`,
      doc_id: `corpus/${openings[i]!.group}/README`,
    })),
  );
  await db.store.publish(table);
  return db.store.source('p');
}

test('a handle serving a published version is read for descriptions once: its rows never change', async (t) => {
  const src = await publishedSource(t);
  assert.notEqual(src.servedVersion, undefined);
  let scans = 0;
  const scan = src.scanChunks.bind(src);
  src.scanChunks = (...args: Parameters<typeof src.scanChunks>) => {
    scans++;
    return scan(...args);
  };
  const first = await describedNamesFor(src, 1_000);
  assert.deepEqual(first?.describedIn('My terminal multiplexer hangs.'), ['tmux']);
  const read = scans;
  // Minutes later the same reading serves, and the rows are not read again.
  assert.equal(await describedNamesFor(src, 62_000), first);
  assert.equal(await describedNamesFor(src, 600_000), first);
  await new Promise((r) => setTimeout(r, 100));
  assert.equal(scans, read);
});

test('a failed reading of a published handle is tried again after a minute, searches meanwhile going without', async (t) => {
  const src = await publishedSource(t);
  const scan = src.scanChunks.bind(src);
  let failing = true;
  src.scanChunks = (...args: Parameters<typeof src.scanChunks>) =>
    failing ? Promise.reject(new Error('the store is away')) : scan(...args);
  assert.equal(await describedNamesFor(src, 1_000), undefined);
  failing = false;
  // Within the minute the failed reading stands; after it the source is read again, and searches have it at once.
  assert.equal(await describedNamesFor(src, 30_000), undefined);
  const read = await describedNamesFor(src, 62_000);
  assert.deepEqual(read?.describedIn('My terminal multiplexer hangs.'), ['tmux']);
});
