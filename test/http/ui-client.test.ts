import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';

// The console's browser modules are plain JS; the pure parts load in Node too (they touch the DOM only when called).
type SSEEvent = { event: string; data: string };
type Parser = { push(text: string): void; end(): void };
type Cite = { n: number; start: number; end: number; text: string };
const asset = (name: string) => new URL(`../../src/http/ui/public/${name}`, import.meta.url).href;
const { createSSEParser } = (await import(asset('sse.js'))) as { createSSEParser(on: (e: SSEEvent) => void): Parser };
const { spanInChunk } = (await import(asset('citation-view.js'))) as {
  spanInChunk(text: string, start: number, c: Cite): [number, number] | null;
};

function parse(chunks: string[]): SSEEvent[] {
  const out: SSEEvent[] = [];
  const p = createSSEParser((e) => out.push(e));
  for (const c of chunks) p.push(c);
  p.end();
  return out;
}

describe('SSE parser', () => {
  const body = 'event: rewrite\ndata: {"a":1}\n\n: keep-alive\n\nevent: done\ndata: line one\ndata: line two\n\n';

  test('reads events, skips comments and joins multi-line data', () => {
    assert.deepEqual(parse([body]), [
      { event: 'rewrite', data: '{"a":1}' },
      { event: 'done', data: 'line one\nline two' },
    ]);
  });

  test('gives the same events however the bytes are split, CRLF included', () => {
    const crlf = body.replaceAll('\n', '\r\n');
    const whole = parse([crlf]);
    for (let cut = 1; cut < crlf.length; cut++)
      assert.deepEqual(parse([crlf.slice(0, cut), crlf.slice(cut)]), whole, `cut at ${cut}`);
    assert.deepEqual(parse([...body]), parse([body]));
  });

  test('flushes a last event that has no blank line after it, and names unnamed events "message"', () => {
    assert.deepEqual(parse(['data: x']), [{ event: 'message', data: 'x' }]);
  });
});

describe('cited span inside a chunk', () => {
  const chunk = { start: 100, text: 'Intro. The server listens on port 8787. Outro.' };
  const at = chunk.text.indexOf('The server');
  const cite = { n: 1, start: 100 + at, end: 100 + at + 32, text: 'The server listens on port 8787.' };

  test('comes from document offsets minus the chunk start', () => {
    assert.deepEqual(spanInChunk(chunk.text, chunk.start, cite), [at, at + 32]);
  });

  test('falls back to the cited text when the offsets no longer match, and gives up when it is gone', () => {
    assert.deepEqual(spanInChunk(chunk.text, chunk.start + 3, cite), [at, at + 32]);
    assert.equal(spanInChunk('Other text entirely.', 100, cite), null);
  });
});

test('the browser modules type-check (JSDoc, strict)', () => {
  const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
  const project = fileURLToPath(new URL('../../src/http/ui/tsconfig.json', import.meta.url));
  const r = spawnSync(process.execPath, [tsc, '-p', project], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
});
