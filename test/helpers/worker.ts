// The Workers front in workerd (Miniflare on the `wrangler deploy --dry-run` bundle): shared with the benchmarks.
export { buildWorker, bundleSize, type RunningWorker, startWorker } from '../../evals/bench/workerd.ts';
