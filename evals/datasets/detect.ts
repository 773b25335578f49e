import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { loadBeir } from './beir.ts';
import { loadCmrc2018 } from './cmrc2018.ts';
import { loadFolderQa } from './folder-qa.ts';
import { loadHotpotQa } from './hotpotqa.ts';
import { loadMusique } from './musique.ts';
import { loadPlainJsonl } from './plain.ts';
import { loadSquad } from './squad.ts';
import type { DatasetFormat, EvalDataset, LoadOptions } from './types.ts';

/**
 * What a path holds, judged from its files: the runner's dataset argument is just a path. MuSiQue and SQuAD-style
 * files are read as the multi-hop and the reading-comprehension kinds (`hotpotqa`, `cmrc2018`).
 */
export type Detected = { format: DatasetFormat | 'musique' | 'squad' | 'judge'; path: string };

export async function detectDataset(path: string): Promise<Detected> {
  const info = await stat(path).catch(() => undefined);
  if (!info) throw new Error(`${path}: no such file or folder`);
  if (info.isDirectory()) {
    const files = new Set(await readdir(path));
    if (files.has('corpus.jsonl') && files.has('queries.jsonl') && files.has('qrels')) return { format: 'beir', path };
    if (files.has('questions.json')) return { format: 'hotpotqa', path };
    if (files.has('queries.json') && files.has('ground_truth.json')) return { format: 'cmrc2018', path };
    if (files.has('questions.jsonl') && (await stat(join(path, 'corpus')).catch(() => undefined))?.isDirectory())
      return { format: 'folder', path };
    const jsonl = [...files].filter((f) => f.endsWith('.jsonl') && f !== 'corpus.jsonl');
    if (jsonl.length === 1) return detectDataset(join(path, jsonl[0]!));
    const json = [...files].filter((f) => f.endsWith('.json'));
    if (jsonl.length === 0 && json.length === 1) return detectDataset(join(path, json[0]!));
    throw new Error(
      `${path}: not a BEIR folder (corpus.jsonl, queries.jsonl, qrels/), a HotpotQA folder (questions.json), a CMRC folder (queries.json, ground_truth.json), a folder-QA folder (corpus/, questions.jsonl) or a folder with one questions .jsonl or .json file (MuSiQue, SQuAD-style)`,
    );
  }
  if (path.endsWith('.json')) {
    const head = (await readFile(path, 'utf8')).slice(0, 4000);
    if (/"supporting_facts"|"_id"/.test(head)) return { format: 'hotpotqa', path };
    if (/"data"/.test(head) && /"qas"/.test(head)) return { format: 'squad', path };
    throw new Error(
      `${path}: a .json dataset must be a HotpotQA questions list or a SQuAD-style file ({data: [{paragraphs: [{context, qas}]}]})`,
    );
  }
  const first = (await readFile(path, 'utf8')).split('\n').find((l) => l.trim());
  const row = first ? (JSON.parse(first) as Record<string, unknown>) : {};
  if ('question' in row && Array.isArray(row.paragraphs)) return { format: 'musique', path };
  if ('knowledge' in row && 'right_answer' in row) return { format: 'judge', path };
  if ('claim' in row && 'label' in row) return { format: 'judge', path };
  if ('question' in row) return { format: 'jsonl', path };
  throw new Error(`${path}: lines need a "question" (eval items) or {context, claim, label} (judge pairs)`);
}

/** Detects and loads any supported eval dataset into the one normalised shape. */
export async function loadDataset(path: string, opts: LoadOptions = {}): Promise<EvalDataset> {
  const d = await detectDataset(path);
  switch (d.format) {
    case 'beir':
      return loadBeir(d.path, opts);
    case 'hotpotqa':
      return loadHotpotQa(d.path, opts);
    case 'cmrc2018':
      return loadCmrc2018(d.path, opts);
    case 'musique':
      return loadMusique(d.path, opts);
    case 'squad':
      return loadSquad(d.path, opts);
    case 'folder':
      return loadFolderQa(d.path, opts);
    case 'jsonl':
      return loadPlainJsonl(d.path, opts);
    case 'judge':
      throw new Error(`${path}: this is a judge dataset (claims with labels); run it with the judge subcommand`);
  }
}
