import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { createPdfPool, loadFile, type PdfPool } from '../ingest/loaders/index.ts';
import { runIngest } from '../ingest/pipeline.ts';
import { formatUnsupported } from '../ingest/unsupported.ts';
import type { NodeDeps } from '../src/deps.ts';
import type { EvalDataset } from './datasets/types.ts';

/**
 * Where a dataset's corpus went: its source, the documents' extracted texts (for citation checks), and the files that
 * failed to ingest (a folder of real documents may hold one: reported, as ingest reports it, and the eval goes on).
 */
export type IngestedCorpus = { source: string; docText: DocTexts; failed: { path: string; reason: string }[] };

export const sourceName = (name: string): string =>
  `eval-${
    name
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'dataset'
  }`;

/**
 * Ingest the dataset's corpus into its own source through the ingestion pipeline, incremental as always (an
 * unchanged corpus costs a manifest read). A JSONL corpus is written beside a local store (data/evals/corpora
 * by default, else the temp dir); a folder corpus is ingested as `npm run ingest -- corpus` run from the
 * dataset's directory would, so document ids are `corpus/<file>`.
 */
export async function ensureCorpus(
  deps: NodeDeps,
  dataset: EvalDataset,
  log: (l: string) => void,
  name = sourceName(dataset.name),
): Promise<IngestedCorpus> {
  let baseDir: string;
  let input: string;
  if (dataset.corpusDir) {
    baseDir = dirname(dataset.corpusDir);
    input = basename(dataset.corpusDir);
  } else {
    if (!dataset.corpus?.length)
      throw new Error(`${dataset.name} has no corpus; pass --source NAME to search an existing source`);
    const db = deps.config.GROUNDED_DB;
    baseDir = /^[a-z][a-z0-9+.-]*:\/\//i.test(db)
      ? join(tmpdir(), 'grounded-eval-corpora')
      : join(dirname(db), 'corpora');
    await mkdir(baseDir, { recursive: true });
    input = `${name}.jsonl`;
    const file = join(baseDir, input);
    const body = `${dataset.corpus.map((d) => JSON.stringify({ _id: d.id, title: d.title, text: d.text })).join('\n')}\n`;
    if ((await readFile(file, 'utf8').catch(() => '')) !== body) await writeFile(file, body);
  }
  // The eval source is derived data: when the embedder changed since the last run, fill it again; and its link
  // capability is measured again each run (`links: 'auto'`), so that a change to the measure reaches an existing store.
  const meta = await deps.store.sourceMeta(name);
  const reembed = !!meta && (meta.embedder_id !== deps.embedder.id || meta.dimensions !== deps.embedder.dimensions);
  const s = await runIngest(
    {
      source: name,
      reembed,
      inputs: [input],
      baseDir,
      chunkTokens: deps.config.GROUNDED_CHUNK_TOKENS,
      chunkOverlap: deps.config.GROUNDED_CHUNK_OVERLAP,
      concurrency: deps.config.GROUNDED_INGEST_CONCURRENCY,
      links: 'auto',
    },
    { store: deps.store, embedder: deps.embedder },
  );
  log(
    `corpus ${name}: ${s.documents} documents, ${s.skipped_unchanged} unchanged, ${s.chunks_written} chunks written (${Math.round(s.elapsed_ms)} ms)`,
  );
  if (s.unsupported.count > 0) log(`corpus ${name}: ${formatUnsupported(s.unsupported)}`);
  if (s.failed.length) {
    const shown = s.failed.slice(0, 5).map((f) => `${f.path}: ${f.reason}`);
    const more = s.failed.length > 5 ? ` and ${s.failed.length - 5} more` : '';
    // Nothing ingested is nothing to evaluate; some files failing is what a user's folder may hold.
    if (s.documents === 0) throw new Error(`corpus ingestion failed: ${shown.join('; ')}${more}`);
    log(`corpus ${name}: ${s.failed.length} file(s) failed to ingest, left out: ${shown.join('; ')}${more}`);
  }
  const file = dataset.corpusDir ? undefined : join(baseDir, input);
  return { source: name, docText: new DocTexts(baseDir, file), failed: s.failed };
}

/**
 * A document's extracted text, read back through the ingestion loaders (the text citation offsets point into):
 * from the corpus JSONL file when there is one, else from the file the document id names under `baseDir`.
 */
export class DocTexts {
  private readonly cache = new Map<string, Promise<string | undefined>>();
  private all?: Promise<Map<string, string>>;
  private pdf?: PdfPool;

  constructor(
    private readonly baseDir: string,
    private readonly corpusFile?: string,
  ) {}

  get(docId: string): Promise<string | undefined> {
    if (this.corpusFile) {
      this.all ??= this.load(this.corpusFile, docId, true);
      return this.all.then((m) => m.get(docId));
    }
    let p = this.cache.get(docId);
    if (!p) {
      p = this.load(resolve(this.baseDir, docId), docId, false).then((m) => m.get(docId));
      this.cache.set(docId, p);
    }
    return p;
  }

  private async load(file: string, docId: string, every: boolean): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const size = (await stat(file).catch(() => undefined))?.size;
    if (size === undefined) return out;
    this.pdf ??= createPdfPool({ size: 1 });
    const docs = loadFile(
      { file, path: docId, docId, jsonlFields: {}, pdf: this.pdf, onIssue: () => {}, onBytes: () => {} },
      size,
    );
    for await (const d of docs) {
      const text = d.kind === 'memory' ? d.text : d.kind === 'deferred' ? (await d.load()).text : undefined;
      if (text !== undefined) out.set(d.doc_id, text);
      if (!every) break;
    }
    return out;
  }

  async close(): Promise<void> {
    await this.pdf?.close();
  }
}
