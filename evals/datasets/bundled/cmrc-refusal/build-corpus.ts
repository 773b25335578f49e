// A Chinese folder-QA set for refusals: the CMRC 2018 dev sample in ../shared/datasets/cmrc2018 as a folder of
// passages (one text file per distinct context), its 500 questions as answerable ones (gold: the first answer, the
// others as alternatives), and unanswerable.jsonl beside this file (questions the passages cannot answer).
// Writes corpus/ and questions.jsonl beside this file, or under OUT.
// Run: node --import tsx evals/datasets/bundled/cmrc-refusal/build-corpus.ts
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const SRC = new URL('../../../../../shared/datasets/cmrc2018', import.meta.url).pathname;
const HERE = new URL('.', import.meta.url).pathname;
const OUT = process.env.OUT ?? HERE;
type Query = { id: string; context: string; question: string };
const { queries } = JSON.parse(await readFile(join(SRC, 'queries.json'), 'utf8')) as { queries: Query[] };
const truth = JSON.parse(await readFile(join(SRC, 'ground_truth.json'), 'utf8')) as Record<
  string,
  { answers: string[] }
>;
const files = new Map<string, string>();
await mkdir(join(OUT, 'corpus'), { recursive: true });
for (const q of queries) {
  if (files.has(q.context)) continue;
  const name = `ctx-${String(files.size + 1).padStart(3, '0')}.txt`;
  files.set(q.context, name);
  await writeFile(join(OUT, 'corpus', name), `${q.context}\n`);
}
const lines = queries.map((q) => {
  const [gold, ...alts] = [...new Set(truth[q.id]?.answers ?? [])];
  return JSON.stringify({
    id: q.id,
    question: q.question,
    answerable: true,
    gold_answer: gold,
    alt_answers: alts,
    gold_file: files.get(q.context),
    kind: 'verbatim',
  });
});
const unanswerable = (await readFile(join(HERE, 'unanswerable.jsonl'), 'utf8')).split('\n').filter(Boolean);
for (const l of unanswerable) {
  const u = JSON.parse(l) as { id: string; question: string; kind: string };
  lines.push(JSON.stringify({ id: u.id, question: u.question, answerable: false, kind: u.kind }));
}
await writeFile(join(OUT, 'questions.jsonl'), `${lines.join('\n')}\n`);
console.log(
  `corpus: ${files.size} passages; questions: ${queries.length} answerable, ${unanswerable.length} unanswerable`,
);
