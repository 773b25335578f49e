export { loadBeir, parseQrels } from './beir.ts';
export { loadCmrc2018 } from './cmrc2018.ts';
export { type Detected, detectDataset, loadDataset } from './detect.ts';
export { loadFolderQa } from './folder-qa.ts';
export { loadHotpotQa } from './hotpotqa.ts';
export { parseJsonl, readJsonl } from './jsonl.ts';
export { type JudgePair, loadJudgePairs, toPairs } from './judge-pairs.ts';
export { loadCorpus, loadPlainJsonl } from './plain.ts';
export type { CorpusDoc, DatasetFormat, EvalDataset, EvalItem, LoadOptions } from './types.ts';
