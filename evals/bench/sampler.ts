/** Wall time, CPU time (every thread of this process) and resident memory of a stretch of work in this process. */
export type Sample = { ms: number; cpuMs: number; rssStartMb: number; rssPeakMb: number };

/** Start measuring now; RSS is sampled every 50 ms until `stop`. */
export function sampler(): { stop(): Sample } {
  const mb = () => Math.round(process.memoryUsage.rss() / 1048576);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const rssStartMb = mb();
  let rssPeakMb = rssStartMb;
  const timer = setInterval(() => {
    rssPeakMb = Math.max(rssPeakMb, mb());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      rssPeakMb = Math.max(rssPeakMb, mb());
      const cpu = process.cpuUsage(cpu0);
      return { ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000, rssStartMb, rssPeakMb };
    },
  };
}
