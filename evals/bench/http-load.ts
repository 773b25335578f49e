/** Sequential and concurrent HTTP load against a running server; latencies in milliseconds. */
export type LoadResult = { n: number; errors: number; p50: number; p95: number; rps: number; wallMs: number };

export const pct = (sorted: readonly number[], p: number): number =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

export async function postJson(url: string, body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Send `bodies` with `concurrency` clients (1 = sequential); each request's latency is measured on its own. */
export async function load(
  url: string,
  bodies: readonly unknown[],
  concurrency: number,
  onResponse?: (json: unknown) => void,
): Promise<LoadResult> {
  const lat: number[] = [];
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < bodies.length) {
      const body = bodies[next++];
      const t = performance.now();
      try {
        const r = await postJson(url, body);
        if (r.status !== 200) errors++;
        else onResponse?.(r.json);
      } catch {
        errors++;
      }
      lat.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const wallMs = performance.now() - started;
  lat.sort((a, b) => a - b);
  return { n: lat.length, errors, p50: pct(lat, 50), p95: pct(lat, 95), rps: (lat.length / wallMs) * 1000, wallMs };
}
