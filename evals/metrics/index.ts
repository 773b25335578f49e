export { containsAnswer, exactMatch, normalizeAnswer, tokenF1 } from './answers.ts';
export { type BaselineComparison, type BaselineRow, compareToBaselines, lowerIsBetter } from './baseline.ts';
export { accuracy, balancedAccuracy, type Confusion, confusion, tnr, tpr } from './classification.ts';
export { citationPrecision, citationRecall, contradictionRate, faithfulness, type JudgedClaim } from './factuality.ts';
export { looksLikeRefusal, type RefusalCase, type RefusalScores, refusalScores } from './refusal.ts';
export { allSupportingAtK, dedupe, ndcgAtK, type Qrels, recallAtK, reciprocalRank } from './retrieval.ts';
export { histogram, mean, percentile } from './stats.ts';
export {
  duplicateCalls,
  flattenTrajectory,
  type ToolCall,
  type Trajectory,
  type TrajectoryMetrics,
  trajectoryMetrics,
} from './trajectory.ts';
