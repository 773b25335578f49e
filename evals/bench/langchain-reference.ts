// The pipeline grounded's ingestion replaces, as people build it with LangChain.js: its recursive character splitter
// (1,000 characters, 200 overlap: LangChain's defaults, about our 256-token chunks), a hashed 384-dimension embedder
// (the builtin one at that size, in this thread), rows written to LanceDB as objects in batches, then a full-text
// index. Run as its own process by `bench -- ingest` (whole-process wall, CPU and peak RSS, like the CLI's);
// prints one JSON line.
import '../../src/native-env.ts';

import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { connect, Index } from '@lancedb/lancedb';
import { RecursiveCharacterTextSplitter } from '@langchain/textsplitters';
import { createBuiltinEmbedder } from '../../src/providers/index.ts';

const [corpus, dbDir] = process.argv.slice(2);
if (!corpus || !dbDir) throw new Error('usage: langchain-reference.ts CORPUS.jsonl DB_DIR');

const started = performance.now();
const splitter = new RecursiveCharacterTextSplitter({ chunkSize: 1000, chunkOverlap: 200 });
const embedder = createBuiltinEmbedder(384);
const db = await connect(dbDir);
let table: Awaited<ReturnType<typeof db.createTable>> | undefined;
let pending: { id: string; doc_id: string; title: string; text: string }[] = [];
let chunks = 0;
let documents = 0;

async function flush() {
  if (pending.length === 0) return;
  const vectors = await embedder.embed(pending.map((p) => p.text));
  const rows = pending.map((p, i) => ({ ...p, vector: Array.from(vectors[i]!) }));
  if (table) await table.add(rows);
  else table = await db.createTable('reference', rows);
  chunks += rows.length;
  pending = [];
}

for await (const line of createInterface({ input: createReadStream(corpus), crlfDelay: Number.POSITIVE_INFINITY })) {
  if (!line.trim()) continue;
  const d = JSON.parse(line) as { _id: string; title?: string; text: string };
  documents++;
  const parts = await splitter.splitText(d.text);
  for (const [i, text] of parts.entries())
    pending.push({ id: `${d._id}:${i}`, doc_id: d._id, title: d.title ?? '', text });
  if (pending.length >= 1024) await flush();
}
await flush();
await table!.createIndex('text', { config: Index.fts() });
const u = process.resourceUsage();
console.log(
  JSON.stringify({
    documents,
    chunks,
    wall_ms: Math.round(performance.now() - started),
    cpu_ms: Math.round((u.userCPUTime + u.systemCPUTime) / 1000),
    peak_rss_mb: Math.round(u.maxRSS / 1024),
  }),
);
db.close();
