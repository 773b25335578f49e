import { readFile } from 'node:fs/promises';
import { sha256 } from '../hash.ts';
import { type LoadContext, LoadError, type LoadedDoc } from '../types.ts';
import { normalizeNewlines } from './decode.ts';
import { pageFurniture } from './page-furniture.ts';
import { TextBuilder } from './text-builder.ts';

/** Bumped when extraction changes, so stored PDFs are re-extracted. */
const PDF_EXTRACTION = 'pdf-v2';

/**
 * A PDF, hashed by its bytes so an unchanged file is skipped without parsing it; `load` extracts one section per
 * page (page numbers from 1) in a worker with a time limit. Running headers, footers and page numbers stay in the
 * text but outside every section, so no chunk holds them.
 */
export async function readPdf(
  ctx: LoadContext,
  fallbackTitle: string,
): Promise<{ contentHash: string; load(): Promise<LoadedDoc> }> {
  const bytes = await readFile(ctx.file);
  if (bytes.length === 0) throw new LoadError('empty file');
  if (!bytes.subarray(0, 1024).includes(Buffer.from('%PDF-'))) throw new LoadError('not a PDF (no %PDF- header)');
  return {
    contentHash: sha256(`${PDF_EXTRACTION}\0${sha256(bytes)}`),
    async load() {
      const { pages, title } = await ctx.pdf.extract(bytes, ctx.signal);
      const b = new TextBuilder();
      const texts = pages.map((page) => normalizeNewlines(page).replace(/[ \t]+$/gm, ''));
      const furniture = pageFurniture(texts);
      texts.forEach((page, i) => {
        b.section([], i + 1);
        const at = b.mark();
        b.append(page);
        for (const r of furniture[i]!) b.skip(at + r.start, at + r.end);
      });
      const { text, sections } = b.finish();
      if (!text) throw new LoadError(`no extractable text in ${pages.length} page(s) (scanned or image-only PDF?)`);
      return { doc_id: ctx.docId, path: ctx.path, title: title?.trim() || fallbackTitle, text, sections };
    },
  };
}
