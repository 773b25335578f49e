import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashTextFile } from '../../ingest/loaders/text-stream.ts';

const MB = 1 << 20;
const TEXTS = {
  'English (ASCII but for a dash and an é)':
    'Retrieval citation chunk ledger harbor — orbit quartz café meadow signal vector answer budget trace source. ',
  Chinese: '检索增强生成需要准确的引用。每个答案都要有出处，每个主张都要核对。',
};

/** What the first pass over a large text did before it read legacy encodings: a fatal streaming UTF-8 decode. */
async function utf8Pass(file: string): Promise<string> {
  const hash = createHash('sha256');
  const decoder = new TextDecoder('utf-8', { fatal: true });
  for await (const chunk of createReadStream(file, { highWaterMark: MB }) as AsyncIterable<Buffer>) {
    decoder.decode(chunk, { stream: true });
    hash.update(chunk);
  }
  decoder.decode();
  return hash.digest('hex');
}

/**
 * `npm run bench -- text-decode`: the first pass over a large text file (`hashTextFile`), which counts UTF-8
 * characters itself to tell UTF-8 from a legacy encoding, against a fatal `TextDecoder` pass plus the same hash
 * (the baseline, same process), on 50 MB of mostly-ASCII English and of Chinese. Three rounds each.
 */
export async function benchTextDecode(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'grounded-bench-decode-'));
  try {
    for (const [name, unit] of Object.entries(TEXTS)) {
      const file = join(dir, 'big.txt');
      const bytes = Buffer.from(unit.repeat(Math.ceil((50 * MB) / Buffer.byteLength(unit))));
      await writeFile(file, bytes);
      for (let round = 1; round <= 3; round++) {
        let t = performance.now();
        await utf8Pass(file);
        const base = performance.now() - t;
        t = performance.now();
        await hashTextFile(file);
        const ours = performance.now() - t;
        console.log(
          `${name}, ${(bytes.length / MB).toFixed(0)} MB, round ${round}: TextDecoder pass ${base.toFixed(0)} ms, ` +
            `hashTextFile ${ours.toFixed(0)} ms (×${(ours / base).toFixed(2)})`,
        );
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
