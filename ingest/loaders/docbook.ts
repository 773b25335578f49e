import { extractHtml } from './html.ts';
import type { Extracted } from './markdown.ts';

/**
 * A DocBook document's root (a DOCTYPE naming DocBook, or DocBook 5's namespace): what tells a `.xml` file of
 * documentation (a man page's `xmlwf.xml`, a manual's chapters) from data and configuration in XML.
 */
const DOCBOOK =
  /<!DOCTYPE\s+[\w:-]+\s+PUBLIC\s+["'][^"']*DocBook|xmlns\s*=\s*["']http:\/\/docbook\.org\/ns\/docbook["']/i;

/** Whether the start of an XML file is DocBook's. */
export const isDocbook = (head: string): boolean => DOCBOOK.test(head);

/** Entities declared in the document's own DTD subset (`<!ENTITY dhpackage "xmlwf">`); external ones are not read. */
const ENTITY = /<!ENTITY\s+([\w.:-]+)\s+(?:"([^"]*)"|'([^']*)')\s*>/g;
/** Expanding stops after this many rounds (an entity may name others; a cycle must not hang the job). */
const MAX_ROUNDS = 5;

/**
 * DocBook elements read as the HTML elements the HTML extractor knows: sections and their titles become headings
 * (one level: DocBook nests sections, its titles say where each starts), paragraphs stay paragraphs, variable lists
 * become term and description lines, listings keep their lines. Metadata blocks (`refentryinfo`, `bookinfo`: authors,
 * copyright, dates) are left out as a page's head is.
 */
const AS_HTML: Record<string, string> = {
  title: 'h2',
  refentrytitle: 'h1',
  refname: 'h1',
  refpurpose: 'p',
  para: 'p',
  simpara: 'p',
  formalpara: 'div',
  refsect1: 'section',
  refsect2: 'section',
  refsect3: 'section',
  refsynopsisdiv: 'section',
  refnamediv: 'section',
  sect1: 'section',
  sect2: 'section',
  sect3: 'section',
  sect4: 'section',
  section: 'section',
  chapter: 'section',
  appendix: 'section',
  preface: 'section',
  variablelist: 'dl',
  varlistentry: 'div',
  term: 'dt',
  listitem: 'dd',
  itemizedlist: 'ul',
  orderedlist: 'ol',
  programlisting: 'pre',
  screen: 'pre',
  literallayout: 'pre',
  synopsis: 'pre',
  cmdsynopsis: 'p',
  note: 'blockquote',
  warning: 'blockquote',
  important: 'blockquote',
  tip: 'blockquote',
  caution: 'blockquote',
  refentryinfo: 'head',
  bookinfo: 'head',
  articleinfo: 'head',
  chapterinfo: 'head',
  sectioninfo: 'head',
  info: 'head',
  refmeta: 'head',
  indexterm: 'head',
  // Inline elements whose names HTML gives to lines ("<option>" of a select): read inline.
  option: 'code',
  caption: 'span',
};

/** The text of a DocBook XML document, with a section per titled section, as an HTML page's would be. */
export function extractDocbook(xml: string, fallbackTitle: string): Extracted {
  const entities = new Map<string, string>();
  for (const m of xml.matchAll(ENTITY)) entities.set(m[1]!, m[2] ?? m[3] ?? '');
  // The prolog (declaration, DOCTYPE with its subset) and comments are no text.
  let body = without(without(xml, '<?', '?>'), '<!--', '-->').replace(/<!DOCTYPE[^[>]*(?:\[[\s\S]*?\])?\s*>/i, '');
  // Entities that expand to far more than the file ("billion laughs": five nested entities, each naming the next
  // thirty times, made 8 million characters of 471 bytes) are left as written past this size.
  const most = 4 * xml.length + 100_000;
  for (let round = 0; round < MAX_ROUNDS && entities.size > 0; round++) {
    const next = body.replace(/&([\w.:-]+);/g, (all, name: string) => entities.get(name) ?? all);
    if (next === body || next.length > most) break;
    body = next;
  }
  body = body.replace(/<(\/?)([\w:-]+)/g, (all, slash: string, tag: string) => {
    const html = AS_HTML[tag.toLowerCase()];
    return html ? `<${slash}${html}` : all;
  });
  return extractHtml(body, fallbackTitle);
}

/**
 * A text without its spans from `open` to `close` (processing instructions, comments), found by position; an
 * unclosed one drops the rest. (A lazy pattern rescanned to the end for every unclosed `<!--`.)
 */
function without(text: string, open: string, close: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const start = text.indexOf(open, at);
    if (start < 0) return out + text.slice(at);
    out += text.slice(at, start);
    const end = text.indexOf(close, start + open.length);
    if (end < 0) return out;
    at = end + close.length;
  }
}
