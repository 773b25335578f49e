import { pct } from './http-load.ts';

export type PhaseResult = {
  clients: number;
  seconds: number;
  admitted: number;
  refused: number;
  /** Anything but 200 and 429, with a few samples to say what. */
  errors: number;
  errorSamples: string[];
  p50: number;
  p95: number;
  p99: number;
  /** Admitted requests a second. */
  rps: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * `clients` closed-loop clients POSTing for `seconds`: each sends a request, waits for the whole reply, and sends the
 * next. A 429 is a refusal, not an error: the client waits as the server's retry-after-ms says (what OpenAI's SDKs
 * do) and tries again. Latency is measured on admitted requests only, queue wait included.
 */
export async function closedLoop(
  url: string,
  bodies: readonly unknown[],
  clients: number,
  seconds: number,
  onAdmitted?: (json: unknown) => void,
): Promise<PhaseResult> {
  const lat: number[] = [];
  const errorSamples: string[] = [];
  let refused = 0;
  let errors = 0;
  let next = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < deadline) {
      const body = bodies[next++ % bodies.length];
      const t = performance.now();
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const text = await res.text();
        if (res.status === 200) {
          lat.push(performance.now() - t);
          onAdmitted?.(JSON.parse(text));
        } else if (res.status === 429) {
          refused++;
          await sleep(Number(res.headers.get('retry-after-ms') ?? 1000));
        } else {
          errors++;
          if (errorSamples.length < 3) errorSamples.push(`${res.status} ${text.slice(0, 160)}`);
        }
      } catch (e) {
        errors++;
        if (errorSamples.length < 3) errorSamples.push(String(e));
      }
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  const wall = (performance.now() - started) / 1000;
  lat.sort((a, b) => a - b);
  return {
    clients,
    seconds: wall,
    admitted: lat.length,
    refused,
    errors,
    errorSamples,
    p50: pct(lat, 50),
    p95: pct(lat, 95),
    p99: pct(lat, 99),
    rps: lat.length / wall,
  };
}
