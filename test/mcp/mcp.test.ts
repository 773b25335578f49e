import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { BRINDLEWICK_QUESTION, COMPANIES } from '../http/chat-corpus.ts';

process.env.LANCEDB_LOG ??= 'error';

const KEY = 'sk-mcp-test';
let server: TestServer;
before(async () => {
  server = await startTestServer({ sources: { companies: COMPANIES }, env: { GROUNDED_API_KEYS: KEY } });
});
after(() => server.close());

type Cited = { n: number; doc_id: string; chunk_id: string; source: string; text: string };
type Text = { type: string; text: string };

const http = (key?: string) =>
  new StreamableHTTPClientTransport(new URL(`${server.url}/mcp`), {
    requestInit: key ? { headers: { authorization: `Bearer ${key}` } } : {},
  });

const stdio = () =>
  new StdioClientTransport({
    command: process.execPath,
    args: ['--import', 'tsx', 'src/mcp/main.ts'],
    env: {
      ...(process.env as Record<string, string>),
      GROUNDED_DB: join(server.dir, 'db'),
      GROUNDED_TRACES: join(server.dir, 'traces-mcp'),
      LOG_LEVEL: 'warn',
    },
    stderr: 'pipe',
  });

async function connect(transport: StreamableHTTPClientTransport | StdioClientTransport) {
  const client = new Client({ name: 'grounded-test', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** The same checks over either transport: tools listed, `ask` cites, the other tools and the resources work. */
async function exercise(client: Client) {
  const tools = (await client.listTools()).tools;
  assert.deepEqual(tools.map((t) => t.name).sort(), ['ask', 'get_chunk', 'list_sources', 'search']);
  assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true));

  const ask = await client.callTool({ name: 'ask', arguments: { question: BRINDLEWICK_QUESTION } });
  const text = (ask.content as Text[]).map((p) => p.text).join('');
  assert.match(text, /barometers.*\[1\].*Sources:\n\[1\] Brindlewick Instruments.*\(run run_/s);
  const out = ask.structuredContent as { answer: string; citations: Cited[]; run_id: string; status: string };
  assert.equal(out.status, 'answered');
  assert.equal(out.citations[0]!.doc_id, 'brindlewick.md');
  assert.match(out.run_id, /^run_/);

  const search = await client.callTool({ name: 'search', arguments: { query: 'frozen dumplings', top_k: 3 } });
  const results = (search.structuredContent as { results: { doc_id: string }[] }).results;
  assert.equal(results[0]!.doc_id, 'quorvex.md');
  assert.ok(results.length <= 3);

  const sources = await client.callTool({ name: 'list_sources', arguments: {} });
  assert.deepEqual(
    (sources.structuredContent as { sources: { name: string; documents: number }[] }).sources.map((s) => [
      s.name,
      s.documents,
    ]),
    [['companies', 5]],
  );

  const cited = out.citations[0]!;
  const chunk = await client.callTool({
    name: 'get_chunk',
    arguments: { source: cited.source, chunk_id: cited.chunk_id, context: 1 },
  });
  assert.ok((chunk.content as Text[])[0]!.text.includes(cited.text));

  const missing = await client.callTool({ name: 'search', arguments: { query: 'x', sources: ['nope'] } });
  assert.equal(missing.isError, true);
  assert.match((missing.content as Text[])[0]!.text, /unknown source\(s\): nope/);

  const resources = (await client.listResources()).resources;
  assert.deepEqual(
    resources.map((r) => r.uri),
    ['grounded://sources/companies'],
  );
  const read = await client.readResource({ uri: 'grounded://sources/companies' });
  const docs = JSON.parse((read.contents[0] as { text: string }).text) as { documents: { doc_id: string }[] };
  assert.ok(docs.documents.some((d) => d.doc_id === 'brindlewick.md'));
}

test('MCP over Streamable HTTP at /mcp (with the API key): tools, a cited ask, search, chunks, resources', async () => {
  const client = await connect(http(KEY));
  try {
    await exercise(client);
  } finally {
    await client.close();
  }
});

test('MCP over HTTP needs the same API key as the API', async () => {
  await assert.rejects(connect(http()), /401|nauthorized/);
  await assert.rejects(connect(http('sk-wrong')), /401|nauthorized/);
  const res = await fetch(`${server.url}/mcp`, { headers: { authorization: `Bearer ${KEY}` } });
  assert.equal(res.status, 405);
});

test('MCP over stdio (the entry `npm run mcp` starts): the same tools and a cited ask', async () => {
  const transport = stdio();
  let stderr = '';
  transport.stderr?.on('data', (d) => {
    stderr += String(d);
  });
  const client = await connect(transport);
  try {
    await exercise(client);
  } finally {
    await client.close();
  }
  assert.doesNotMatch(stderr, /error/i, stderr);
});
