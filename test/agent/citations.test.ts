import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildCitations } from '../../src/agent/citations.ts';
import type { Evidence } from '../../src/agent/types.ts';
import { testHit } from '../helpers/chunk-rows.ts';

const OFFSET = 5_000;
const evidence = (text: string): Evidence => ({
  ...testHit('c1', text, 1, {
    doc_id: 'manual.txt',
    path: 'manual.txt',
    title: 'Manual',
    heading_path: ['OPTIONS', '-k, --insecure'],
    start: OFFSET,
    end: OFFSET + text.length,
    chunk_index: 3,
  }),
  n: 1,
  found_by: 'question',
});

const DEFINITION = 'By default every connection is verified. This option makes the tool skip the verification step.';
const CLAIM = 'When this option is not used, the tool checks that the certificate names the host.';
const cite = (text: string, claim = CLAIM) => {
  const { citations } = buildCitations([{ text: claim, cites: [1] }], [evidence(text)]);
  assert.equal(citations.length, 1);
  const c = citations[0]!;
  // Offsets into the document: the chunk starts at OFFSET, and the cited text is the chunk's text there.
  assert.equal(c.text, text.slice(c.start - OFFSET, c.end - OFFSET));
  return c.text;
};

test("a claim from a chunk's second paragraph cites the whole chunk: the passage the claim leans on", () => {
  const text = `  ${DEFINITION}\n\n  ${CLAIM} It also checks the chain.\n`;
  assert.equal(cite(text), `${DEFINITION}\n\n  ${CLAIM} It also checks the chain.`);
});

test('a chunk too long to read as a citation is cited by the paragraph around the claim', () => {
  const filler = Array.from(
    { length: 14 },
    (_, i) => `Sentence ${i} of a long unrelated paragraph about proxies.`,
  ).join(' ');
  const text = `${filler}\n\n${DEFINITION} ${CLAIM}\n\n${filler}`;
  assert.ok(text.length > 1_600);
  assert.equal(cite(text), `${DEFINITION} ${CLAIM}`);
});

test('a long chunk whose paragraph is long too is cited by the claim alone', () => {
  const filler = Array.from(
    { length: 14 },
    (_, i) => `Sentence ${i} of a long unrelated paragraph about proxies.`,
  ).join(' ');
  const text = `${filler} ${CLAIM} ${filler}\n\n${filler}`;
  assert.equal(cite(text), CLAIM);
});
