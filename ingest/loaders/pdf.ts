import { readFile } from 'node:fs/promises';
import { sha256 } from '../hash.ts';
import { type LoadContext, LoadError, type LoadedDoc } from '../types.ts';
import { layoutPdf } from './pdf-document.ts';

/** Bumped when extraction changes, so stored PDFs are re-extracted. */
const PDF_EXTRACTION = 'pdf-v9';

/**
 * A PDF, hashed by its bytes so an unchanged file is skipped without parsing it; `load` extracts its lines in a
 * worker with a time limit and rebuilds the text with its paragraphs, indentation and headings (`layoutPdf`): one
 * section per heading, running across pages, each with the page it starts on (from 1). Running headers, footers and
 * page numbers are left out of the text. `given`: the PDF's bytes when they are not the file's (a decompressed `.pdf.gz`).
 */
export async function readPdf(
  ctx: LoadContext,
  fallbackTitle: string,
  given?: Buffer,
): Promise<{ contentHash: string; load(): Promise<LoadedDoc> }> {
  const bytes = given ?? (await readFile(ctx.file));
  if (bytes.length === 0) throw new LoadError('empty file');
  if (!bytes.subarray(0, 1024).includes(Buffer.from('%PDF-'))) throw new LoadError('not a PDF (no %PDF- header)');
  return {
    contentHash: sha256(`${PDF_EXTRACTION}\0${sha256(bytes)}`),
    async load() {
      const { pages, title } = await ctx.pdf.extract(bytes, ctx.signal);
      const { text, sections, pageStarts } = layoutPdf(pages);
      if (!text.trim())
        throw new LoadError(`no extractable text in ${pages.length} page(s) (scanned or image-only PDF?)`);
      return { doc_id: ctx.docId, path: ctx.path, title: title?.trim() || fallbackTitle, text, sections, pageStarts };
    },
  };
}
