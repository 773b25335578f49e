import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { checkFocus } from '../../src/agent/tools/focus.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';

// A resolver's notes give its drop-in folder as a path, whose identifier is `resolvd.conf.d`, not `conf.d`.
const DOCS = {
  'resolvd/NEWS.Debian':
    'resolvd (1.17) unstable\n\n  Each file included from /etc/resolvd/resolvd.conf.d/*.conf must now begin its own ' +
    'clause (e.g., "server:"); a fragment of bare options no longer loads.\n',
  'resolvd/README':
    'resolvd is a caching resolver. Its settings live in /etc/resolvd/resolvd.conf; an upgrade keeps the old ' +
    'rules in /etc/resolvd/resolvd.rules.d.bak.\n',
};

let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { docs: DOCS } });
});
after(() => server.close());

async function presence(question: string) {
  const src = await server.deps.store.source('docs');
  const hits = await server.deps.retriever.search({ query: question, sources: ['docs'], topK: 8 });
  const evidence = hits.map((h, i) => ({ ...h, n: i + 1, found_by: question }));
  return Object.fromEntries((await checkFocus(question, src, evidence)).map((f) => [f.term, f.in_source]));
}

test('a dotted name the source writes only at the end of a longer one is in the source', async () => {
  const found = await presence(
    'I put a file with two options into its conf.d folder and now the resolver will not load it. What do I fix?',
  );
  assert.equal(found['conf.d'], true);
});

test('a dotted name the source never writes, whole or at the end of another, is not', async () => {
  // "d.conf" is inside "resolvd.conf" but not at its end after a dot; "sites.d" is nowhere.
  const found = await presence('Which options go into its sites.d folder, its rules.d folder or its d.conf file?');
  assert.equal(found['sites.d'], false);
  assert.equal(found['d.conf'], false);
  // "resolvd.rules.d.bak" holds "rules.d" inside, not at its end.
  assert.equal(found['rules.d'], false);
});
