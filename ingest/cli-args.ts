import { parseArgs } from 'node:util';
import type { LinksMode } from '../src/store/index.ts';
import type { JsonlFields } from './types.ts';

export const USAGE = `usage: npm run ingest -- <path|dir|glob ...> --source <name> [options]

  --source, -s NAME     the source (one table) to write to; letters, digits, '-' and '_'
  --dry-run             load and chunk, report what would change, write nothing
  --json                print the summary as one JSON line, last on stdout
  --concurrency N       files loaded and embedding calls made at once (default GROUNDED_INGEST_CONCURRENCY)
  --reembed             re-embed everything (needed after changing the embedder of an existing source)
  --wait                when another job is writing the source, wait for it (default: exit at once, code 75)
  --id-field F          JSONL field holding the document id (default "_id" or "id")
  --title-field F       JSONL field holding the title (default "title")
  --text-field F        JSONL field holding the text (default "text" or "contents")
  --batch-rows N        chunks per write (default 1024)
  --links on|off|auto   follow document titles as links (wiki-style multi-hop); auto (default) measures whether
                        titles are names other documents mention, and keeps the source's earlier choice otherwise
  --help, -h            this text

Store: GROUNDED_DB (default data/lancedb). Chunking: GROUNDED_CHUNK_TOKENS, GROUNDED_CHUNK_OVERLAP.
Exit codes: 0 done, 1 a file or the job failed, 2 bad arguments, 75 another job is writing the source,
130/143 stopped by SIGINT/SIGTERM (run the same command again to finish).`;

export type CliArgs = {
  inputs: string[];
  source: string;
  dryRun: boolean;
  json: boolean;
  reembed: boolean;
  wait: boolean;
  concurrency?: number;
  batchRows?: number;
  jsonlFields: JsonlFields;
  links?: LinksMode;
  help: boolean;
};

export class UsageError extends Error {
  override name = 'UsageError';
}

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (e) {
    throw new UsageError((e as Error).message.replace(/\. To specify a positional argument.*$/s, ''));
  }
  const { values: v, positionals } = parsed;
  const help = v.help === true;
  if (!help && positionals.length === 0) throw new UsageError('no input: give at least one file, directory or glob');
  if (!help && !v.source) throw new UsageError('missing --source NAME (the source to write to)');
  return {
    inputs: positionals,
    source: v.source ?? '',
    dryRun: v['dry-run'] === true,
    json: v.json === true,
    reembed: v.reembed === true,
    wait: v.wait === true,
    concurrency: positiveInt('--concurrency', v.concurrency),
    batchRows: positiveInt('--batch-rows', v['batch-rows']),
    jsonlFields: { id: v['id-field'], title: v['title-field'], text: v['text-field'] },
    links: linksMode(v.links),
    help,
  };
}

const parse = (args: readonly string[]) =>
  parseArgs({
    args: [...args],
    allowPositionals: true,
    strict: true,
    options: {
      source: { type: 'string', short: 's' },
      'dry-run': { type: 'boolean' },
      json: { type: 'boolean' },
      reembed: { type: 'boolean' },
      wait: { type: 'boolean' },
      concurrency: { type: 'string' },
      'batch-rows': { type: 'string' },
      links: { type: 'string' },
      'id-field': { type: 'string' },
      'title-field': { type: 'string' },
      'text-field': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });

function linksMode(value: string | undefined): LinksMode | undefined {
  if (value === undefined) return undefined;
  if (value === 'on' || value === 'off' || value === 'auto') return value;
  throw new UsageError(`--links must be on, off or auto, got ${JSON.stringify(value)}`);
}

function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`${flag} must be a positive integer, got ${JSON.stringify(value)}`);
  return n;
}
