// Runs PDF text extraction off the main thread, so a PDF that makes pdf.js spin can be stopped by terminating the
// worker. Plain JavaScript: the worker starts without the TypeScript loader, which keeps start-up short.
// Each page comes back as its text lines with their geometry (see `PdfLine` in ../types.ts); the layout (paragraphs,
// indentation, headings) is rebuilt from them on the other side.
import { parentPort } from 'node:worker_threads';
import { getDocumentProxy, getMeta } from 'unpdf';

// pdf.js loads fonts (whose names tell bold type) with ArrayBuffer.prototype.transferToFixedLength, which Node 20
// lacks: a copying stand-in, in this worker only.
if (!ArrayBuffer.prototype.transferToFixedLength)
  ArrayBuffer.prototype.transferToFixedLength = function (length = this.byteLength) {
    const copy = new ArrayBuffer(length);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(length, this.byteLength)));
    return copy;
  };

parentPort.on('message', async ({ id, bytes }) => {
  let pdf;
  try {
    pdf = await getDocumentProxy(bytes, { verbosity: 0, isEvalSupported: false, stopAtErrors: false });
    const pages = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(pageLines(content.items, await boldFonts(page, content.items)));
      page.cleanup();
    }
    let title;
    try {
      title = (await getMeta(pdf)).info?.Title || undefined;
    } catch {
      title = undefined;
    }
    parentPort.postMessage({ id, ok: true, pages, title: typeof title === 'string' ? title : undefined });
  } catch (e) {
    parentPort.postMessage({ id, ok: false, error: e?.message || e?.name || String(e) });
  } finally {
    await pdf?.destroy?.().catch(() => {});
  }
});

/** The names of the page's fonts that are bold (from their names: `Times-Bold`, `ABCDEF+DejaVuSans-Bold`). */
async function boldFonts(page, items) {
  const bold = new Set();
  const keys = new Set(items.map((it) => it.fontName).filter(Boolean));
  // Fonts are loaded once per document: a page whose fonts an earlier page loaded needs no operator list (the costly
  // part: it parses the whole page).
  if ([...keys].some((key) => !page.commonObjs.has(key)))
    try {
      await page.getOperatorList();
    } catch {
      return bold;
    }
  for (const key of keys)
    if (page.commonObjs.has(key)) {
      const font = page.commonObjs.get(key);
      if (font?.bold || BOLD.test(font?.name ?? '')) bold.add(key);
    }
  return bold;
}

const BOLD = /bold|black|heavy|semibold|demi/i;

/**
 * The text runs of a page grouped into lines, in the order the page draws them. A run joins the current line when
 * its baseline is within half a font size of the line's and it does not start well left of where the line got to
 * (that is a new line or a new column). Words are spaced by the gaps between runs: a gap wider than a few characters
 * (a table column, a man page's term and its description on one line) becomes two or more spaces.
 */
function pageLines(items, bold) {
  const lines = [];
  let line;
  for (const it of items) {
    if (typeof it.str !== 'string' || !it.str) continue;
    // groff sets an option's dash ("\-o", "\-\-posix") as the minus sign U+2212 in some fonts (bash's manual page):
    // read as the hyphen-minus users type, or "-o pipefail" would match nothing.
    const str = it.str.replace(/[\s\u0000]/g, ' ').replace(/\u2212/g, '-');
    const [a, b, c, d, x, y] = it.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || it.height || 0;
    if (!(size > 0)) continue;
    const blank = !str.trim();
    const end = x + (it.width || 0);
    const sameLine =
      line && Math.abs(y - line.y) <= 0.5 * Math.max(size, line.size) && x >= line.end - Math.max(size, line.size);
    if (!sameLine) {
      if (blank) continue;
      line = { x, y, end, size, text: '', chars: {}, bold: 0, all: 0 };
      lines.push(line);
    } else if (blank) {
      line.space = true;
      continue;
    } else {
      const gap = x - line.end;
      const em = Math.max(size, line.size);
      if (gap > 1.2 * em) line.text += ' '.repeat(Math.min(8, Math.max(2, Math.round(gap / (0.5 * em)))));
      else if ((gap > 0.12 * em || line.space) && !/\s$/.test(line.text) && !/^\s/.test(str)) line.text += ' ';
    }
    line.text += line.text ? str : str.trimStart();
    line.end = Math.max(line.end, end);
    line.space = false;
    const key = Math.round(size * 2) / 2;
    line.chars[key] = (line.chars[key] || 0) + str.trim().length;
    line.all += str.trim().length;
    if (bold.has(it.fontName)) line.bold += str.trim().length;
  }
  return lines.map(({ x, y, end, text, chars, bold, all }) => {
    // A line's size is the largest a good part of it is set in: a heading with code set smaller stays a heading, and
    // a footnote mark does not make a line small.
    const sizes = Object.entries(chars).map(([k, n]) => [Number(k), n]);
    sizes.sort((a, b) => b[0] - a[0]);
    const size = (sizes.find(([, n]) => n >= 0.3 * all) ?? sizes[0])[0];
    return { text: text.replace(/\s+$/, ''), x, y, end, size, bold: all > 0 && bold >= 0.8 * all };
  });
}
