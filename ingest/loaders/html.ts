import { normalizeNewlines } from './decode.ts';
import { decodeEntities } from './html-entities.ts';
import { NavDetector, type NavRange } from './html-nav.ts';
import type { Extracted } from './markdown.ts';
import { TextBuilder } from './text-builder.ts';

// Not part of what a reader came for: page chrome, code, embedded objects.
const SKIP = new Set([
  'head',
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'math',
  'nav',
  'header',
  'footer',
  'iframe',
  'object',
  'canvas',
  'select',
  'textarea',
  'button',
]);
// Elements whose content is raw text up to their end tag (markup inside is not markup).
const RAW = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'noembed', 'noframes', 'iframe', 'noscript']);
const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);
const PARAGRAPH = new Set([
  'p',
  'div',
  'section',
  'article',
  'main',
  'aside',
  'blockquote',
  'pre',
  'ul',
  'ol',
  'dl',
  'table',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'details',
  'summary',
  'address',
  'hr',
  'center',
  'body',
  'html',
  'legend',
]);
const LINE = new Set(['li', 'dt', 'dd', 'tr', 'br', 'caption', 'option']);
/**
 * A start or end tag with its attributes, matched at each `<`. No `<` outside quoted values: with one, every `<` of a
 * run left unclosed (`<a<a<a…` or `<a <a … "`) read to the end of the page.
 */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)((?:[^<>"']|"[^"]*"|'[^']*')*)>/y;
/**
 * Any other tag ends at its first `>`: one with a `<` inside (`<a <b>`), or whose quotes do not pair
 * (`<a href="#x"">` in sqlite's pages), which a browser reads as part of an attribute name.
 */
const LOOSE_TAG = /<(\/?)([A-Za-z][A-Za-z0-9:-]*)([^>]*)>/y;
const HIDDEN = /(?:^|\s)(?:hidden(?:\s|=|$)|aria-hidden\s*=\s*["']?true|style\s*=\s*["'][^"']*display\s*:\s*none)/i;
// ARIA landmarks that are page chrome, like the elements in SKIP (sphinx sidebars and related bars, javadoc navbars).
const CHROME_ROLE =
  /(?:^|\s)role\s*=\s*["']?(?:navigation|banner|contentinfo|search|menubar|toolbar|doc-toc)(?:["'\s>]|$)/i;
const ALNUM = /[\p{L}\p{N}]/u;
const PERMALINK = /^\s*[¶§#🔗]\s*$/u;

/**
 * Visible text of an HTML page with a section per heading; a small tolerant scanner, not a full HTML parser.
 * Navigation found only once its block has been read (link lists, previous/next bars) stays in the text but in no
 * section; heading permalinks ("¶", "#") are left out of heading paths.
 */
export function extractHtml(html: string, fallbackTitle: string): Extracted {
  const b = new TextBuilder();
  const nav = new NavDetector();
  const skip: string[] = [];
  const stack: string[] = [];
  let title: string | undefined;
  let firstH1: string | undefined;
  let heading: { level: number; text: string; anchors: number[] } | undefined;
  let pre = 0;

  const text = (raw: string) => {
    if (skip.length > 0 || !raw) return;
    const s = decodeEntities(raw);
    // A permalink marker beside a term ("ffi_type_void ¶" in texinfo's HTML) is no text of the page.
    if (!heading && nav.inLink() && PERMALINK.test(s)) return;
    if (heading) heading.text += s;
    else if (pre > 0) {
      const t = normalizeNewlines(s);
      const at = b.mark();
      b.append(t);
      nav.text(t, at, stack);
    } else {
      const collapsed = s.replace(/\s+/g, ' ');
      const t = b.atBreak() ? collapsed.trimStart() : collapsed;
      const at = b.mark();
      b.append(t);
      nav.text(t, at, stack);
    }
  };
  const leaveOut = (ranges: NavRange[]) => {
    for (const r of ranges) {
      b.skip(r.start, r.end);
      if (!r.headings) continue;
      // Headings inside the left-out block do not head what follows it.
      stack.length = 0;
      stack.push(...r.headings);
      b.section(stack.filter(Boolean));
    }
  };
  const start = (name: string, attrs: string) => {
    const isVoid = VOID.has(name) || attrs.trimEnd().endsWith('/');
    if (skip.length > 0) {
      if (name === skip[skip.length - 1] && !isVoid) skip.push(name);
      return;
    }
    if (SKIP.has(name) || HIDDEN.test(attrs) || CHROME_ROLE.test(attrs)) {
      if (!isVoid) skip.push(name);
      return;
    }
    const level = /^h([1-6])$/.exec(name)?.[1];
    if (level) leaveOut(nav.boundary(b.mark()));
    if (level && !heading) heading = { level: Number(level), text: '', anchors: [] };
    else if (name === 'pre') pre++;
    else if (name === 'a' && heading) heading.anchors.push(heading.text.length);
    if (PARAGRAPH.has(name)) {
      leaveOut(nav.boundary(b.mark()));
      b.paragraph();
    } else if (LINE.has(name)) b.line();
    else if ((name === 'td' || name === 'th') && !b.atBreak()) b.append(' ');
    if (!isVoid) leaveOut(nav.open(name, attrs, b.mark(), stack));
  };
  const end = (name: string) => {
    if (skip.length > 0) {
      if (name === skip[skip.length - 1]) skip.pop();
      return;
    }
    leaveOut(nav.close(name, b.mark()));
    if (name === 'a' && heading) {
      // A link without letters or digits in a heading is its permalink marker.
      const at = heading.anchors.pop();
      if (at !== undefined && !ALNUM.test(heading.text.slice(at))) heading.text = heading.text.slice(0, at);
    }
    if (heading && name === `h${heading.level}`) {
      nav.heading();
      const h = heading.text.replace(/\s+/g, ' ').trim();
      stack.length = heading.level;
      stack[heading.level - 1] = h;
      if (heading.level === 1 && h) firstH1 ??= h;
      heading = undefined;
      b.section(stack.filter(Boolean));
    } else if (name === 'pre' && pre > 0) pre--;
    if (PARAGRAPH.has(name)) {
      leaveOut(nav.boundary(b.mark()));
      b.paragraph();
    } else if (LINE.has(name)) b.line();
  };

  const lastGt = html.lastIndexOf('>');
  let i = 0;
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    text(html.slice(i, lt < 0 ? html.length : lt));
    if (lt < 0) break;
    if (html.startsWith('<!--', lt)) {
      i = after(html, '-->', lt + 4);
      continue;
    }
    if (html.startsWith('<![CDATA[', lt)) {
      const e = html.indexOf(']]>', lt);
      text(html.slice(lt + 9, e < 0 ? html.length : e));
      i = e < 0 ? html.length : e + 3;
      continue;
    }
    if (html[lt + 1] === '!' || html[lt + 1] === '?') {
      i = after(html, '>', lt);
      continue;
    }
    TAG.lastIndex = lt;
    LOOSE_TAG.lastIndex = lt;
    // After the last `>` no tag ends: there LOOSE_TAG would read to the end of the page from every `<`.
    const m = TAG.exec(html) ?? (lt < lastGt ? LOOSE_TAG.exec(html) : null);
    if (!m) {
      text('<');
      i = lt + 1;
      continue;
    }
    i = lt + m[0].length;
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      end(name);
      continue;
    }
    start(name, m[3]!);
    if (RAW.has(name) && !m[3]!.trimEnd().endsWith('/')) {
      const close = new RegExp(`</${name}\\s*>`, 'gi');
      close.lastIndex = i;
      const c = close.exec(html);
      const raw = html.slice(i, c ? c.index : html.length);
      // A title's content is text to a browser, tags too; a title written with markup (socat's
      // `<title><strong>socat</strong></title>`) is read without it.
      if (name === 'title')
        title ??=
          decodeEntities(raw.replace(/<\/?[A-Za-z][^<>]*>/g, ''))
            .replace(/\s+/g, ' ')
            .trim() || undefined;
      i = c ? c.index + c[0].length : html.length;
      end(name);
    }
  }
  leaveOut(nav.finish(b.mark()));
  const out = b.finish();
  return { title: title || firstH1 || fallbackTitle, ...out };
}

const after = (s: string, token: string, from: number): number => {
  const e = s.indexOf(token, from);
  return e < 0 ? s.length : e + token.length;
};
