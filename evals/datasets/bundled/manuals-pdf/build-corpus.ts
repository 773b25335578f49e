// A PDF copy of ../shared/datasets/manuals-dev for checking PDF extraction on real questions: every HTML page and text
// file printed by Chromium (playwright-core), with a running header (the title) and a footer (page numbers), as
// generated documentation PDFs have. Writes corpus/ and questions.jsonl (gold files renamed .pdf) beside this file,
// or under OUT. Run: node --import tsx evals/datasets/bundled/manuals-pdf/build-corpus.ts
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const SRC = new URL('../../../../../shared/datasets/manuals-dev', import.meta.url).pathname;
const OUT = process.env.OUT ?? new URL('.', import.meta.url).pathname;
async function* walk(d: string): AsyncGenerator<string> {
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) yield* walk(p);
    else yield p;
  }
}
const html = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
let n = 0;
try {
  const page = await browser.newPage();
  for await (const f of walk(join(SRC, 'corpus'))) {
    const rel = relative(join(SRC, 'corpus'), f);
    const out = join(OUT, 'corpus', `${rel.replace(/\.(html|txt)$/, '')}.pdf`);
    await mkdir(dirname(out), { recursive: true });
    if (f.endsWith('.html')) await page.goto(pathToFileURL(f).href, { waitUntil: 'load' });
    else {
      const text = await readFile(f, 'utf8');
      await page.setContent(
        `<html><head><title>${html(rel.split('/').at(-1)!)}</title></head><body><pre style="font-size:9pt">${html(text)}</pre></body></html>`,
      );
    }
    const title = (await page.title()) || rel.split('/').at(-1)!;
    await page.pdf({
      path: out,
      format: 'A4',
      displayHeaderFooter: true,
      headerTemplate: `<div style="font-size:8px;width:100%;text-align:center">${html(title)}</div>`,
      footerTemplate:
        '<div style="font-size:8px;width:100%;text-align:center">Page <span class="pageNumber"></span> of <span class="totalPages"></span></div>',
      margin: { top: '15mm', bottom: '15mm', left: '12mm', right: '12mm' },
    });
    n++;
  }
} finally {
  await browser.close();
}
const qs = (await readFile(join(SRC, 'questions.jsonl'), 'utf8'))
  .split('\n')
  .filter(Boolean)
  .map((l) => JSON.parse(l));
await writeFile(
  join(OUT, 'questions.jsonl'),
  qs
    .map((q) =>
      JSON.stringify({ ...q, gold_file: q.gold_file ? q.gold_file.replace(/\.(html|txt)$/, '') + '.pdf' : null }),
    )
    .join('\n') + '\n',
);
console.log(`${n} PDFs in ${OUT}`);
