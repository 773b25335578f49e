import type { Extracted } from './markdown.ts';
import { TextBuilder } from './text-builder.ts';

/** A headline: stars, then perhaps a TODO keyword, a priority and `COMMENT`; tags at its end. */
const HEADLINE = /^(\*+)[ \t]+(.*?)[ \t]*$/;
const TODO = /^(?:TODO|DONE|NEXT|WAITING|HOLD|CANCELL?ED|STARTED)[ \t]+/;
const PRIORITY = /^\[#[A-Z0-9]\][ \t]+/;
const TAGS = /[ \t]+:(?:[\w@#%]+:)+$/;
const KEYWORD = /^#\+([\w-]+):[ \t]*(.*)$/;
const BLOCK_BEGIN = /^#\+begin_(\w+)(?:[ \t]+(.*))?$/i;
const DRAWER = /^:([\w-]+):$/;
const PLANNING = /^(?:SCHEDULED|DEADLINE|CLOSED):/;
/** A list item: `- a`, `+ a`, `* a` (indented, else a headline), `1. a`, `a) a`, perhaps with a checkbox. */
const LIST_ITEM = /^([ \t]*)(?:[-+]|(?<=[ \t])\*|\d+[.)]|[a-zA-Z][.)])[ \t]+(?:\[[ X-]\][ \t]+)?(.*)$/;
const DESCRIPTION = /^(.*?)[ \t]+::(?:[ \t]+(.*))?$/;
/** Blocks whose lines are kept as written, and those dropped; any other holds prose (a quote, a note). */
const VERBATIM = new Set(['src', 'example', 'verse']);
const DROPPED = new Set(['comment', 'export']);

/**
 * Org mode to plain text with a section per headline. `#+TITLE:` names the document and heads every section's path;
 * a headline's TODO keyword, priority and tags are not its words. Source, example and verse blocks and fixed-width
 * lines (`: …`) keep their lines as written; tables give a line per row, its cells spaced apart; a description list's
 * term (`- --verbose :: …`) stands on a line of its own over its description, as a manual page's options do.
 * Comments, keywords, drawers (`:PROPERTIES:` … `:END:`), planning lines, comment and export blocks are dropped;
 * links show their description, inline markup its text.
 */
export function extractOrg(src: string, fallbackTitle: string): Extracted {
  const lines = src.replace(/^\uFEFF/, '').split(/\r?\n/);
  const b = new TextBuilder();
  let title: string | undefined;
  const stack: string[] = [];
  let para: { lines: string[]; item?: boolean; defines?: boolean } | undefined;
  /** The block being read: its end line, and its lines when they are kept. */
  let block: { end: string; lines?: string[] } | undefined;
  let drawer = false;

  const flush = () => {
    if (para) {
      if (!para.item && !para.defines) b.paragraph();
      b.append(joinLines(para.lines.map(orgInline)));
      if (para.item) b.line();
      else b.paragraph();
    }
    para = undefined;
  };
  const asWritten = (kept: readonly string[]) => {
    b.paragraph();
    const indent = Math.min(...kept.filter((l) => l.trim()).map((l) => l.length - l.trimStart().length));
    for (const l of kept) {
      b.append(l.slice(Math.min(indent, l.length - l.trimStart().length)).trimEnd());
      b.line();
    }
    b.paragraph();
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\t/g, '        ').trimEnd();
    const text = line.trim();
    if (block) {
      if (text.toLowerCase() === block.end) {
        if (block.lines) asWritten(trimBlank(block.lines));
        block = undefined;
      } else block.lines?.push(line);
      continue;
    }
    if (drawer) {
      if (/^:end:$/i.test(text)) drawer = false;
      continue;
    }
    if (!text) {
      flush();
      continue;
    }
    const head = HEADLINE.exec(line);
    if (head) {
      flush();
      const level = head[1]!.length;
      const words = orgInline(
        head[2]!
          .replace(TODO, '')
          .replace(PRIORITY, '')
          .replace(/^COMMENT[ \t]+/, '')
          .replace(TAGS, ''),
      ).trim();
      // With a `#+TITLE:` the title heads every path, one level above the top headlines.
      const depth = title === undefined ? level : level + 1;
      stack.length = depth;
      stack[depth - 1] = words;
      b.section(stack.filter(Boolean));
      continue;
    }
    const begin = BLOCK_BEGIN.exec(text);
    if (begin) {
      flush();
      const kind = begin[1]!.toLowerCase();
      const end = `#+end_${kind}`;
      block = VERBATIM.has(kind) ? { end, lines: [] } : DROPPED.has(kind) ? { end } : undefined;
      continue;
    }
    // A prose block's end line, a keyword (`#+TITLE:`, `#+OPTIONS:`), a comment.
    if (/^#\+end_\w+$/i.test(text)) {
      flush();
      continue;
    }
    const keyword = KEYWORD.exec(text);
    if (keyword) {
      flush();
      const key = keyword[1]!.toLowerCase();
      if (key === 'title' && title === undefined && keyword[2]!.trim()) {
        title = orgInline(keyword[2]!).trim();
        if (b.mark() === 0) {
          stack.length = 0;
          stack.push(title);
          b.section(stack);
        }
      } else if (key === 'caption' && keyword[2]!.trim()) {
        b.paragraph();
        b.append(orgInline(keyword[2]!).trim());
        b.paragraph();
      }
      continue;
    }
    if (/^#(?:[ \t]|$)/.test(text)) continue;
    if (!para && DRAWER.test(text) && text.toLowerCase() !== ':end:') {
      drawer = true;
      continue;
    }
    if (PLANNING.test(text)) continue;
    // Fixed-width lines (`: output`) as written, a run of them at once.
    if (/^:(?:[ \t]|$)/.test(text)) {
      flush();
      const kept: string[] = [];
      for (; i < lines.length && /^[ \t]*:(?:[ \t]|$)/.test(lines[i]!); i++)
        kept.push(lines[i]!.replace(/^[ \t]*:[ \t]?/, ''));
      i--;
      asWritten(kept);
      continue;
    }
    if (text.startsWith('|')) {
      flush();
      b.paragraph();
      for (; i < lines.length && lines[i]!.trim().startsWith('|'); i++) {
        const row = lines[i]!.trim();
        if (/^\|[-+]/.test(row)) continue; // a rule
        const cells = row
          .replace(/^\||\|$/g, '')
          .split('|')
          .map((c) => orgInline(c).trim())
          .filter(Boolean);
        if (cells.length) {
          b.append(cells.join('   '));
          b.line();
        }
      }
      i--;
      b.paragraph();
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const words = item[2]!;
      const dt = DESCRIPTION.exec(words);
      if (dt) {
        b.paragraph();
        b.append(orgInline(dt[1]!).trim());
        b.line();
        para = { lines: dt[2] ? [dt[2]] : [], defines: true };
      } else para = { lines: [`- ${words}`], item: true };
      continue;
    }
    if (para) para.lines.push(text);
    else para = { lines: [text] };
  }
  flush();
  const { text, sections } = b.finish();
  return { title: title || fallbackTitle, text, sections };
}

/** A paragraph's lines as one, a line ending in `\\` kept as a line break. */
function joinLines(lines: readonly string[]): string {
  let out = '';
  for (const l of lines) {
    const hard = /\\\\$/.test(l);
    out += hard ? `${l.slice(0, -2).trimEnd()}\n` : `${l} `;
  }
  return out.trim();
}

const trimBlank = (lines: readonly string[]) => {
  let a = 0;
  let z = lines.length;
  while (a < z && !lines[a]!.trim()) a++;
  while (z > a && !lines[z - 1]!.trim()) z--;
  return lines.slice(a, z);
};

/** Org's emphasis: a marker after a space or opening punctuation, text not starting or ending with a space. */
const EMPHASIS = /(?<=^|[\s\-({'"])([*/_=~+])(?=\S)(.+?)(?<=\S)\1(?=$|[\s\-.,;:!?')}"\]])/gu;

/**
 * Org inline markup down to the words a reader sees: a link to its description (else its target), bold, italic,
 * underline, verbatim, code and strike-through to their text, footnote references dropped (an inline footnote's
 * text kept), macros dropped.
 */
export function orgInline(s: string): string {
  return s
    .replace(/\[\[([^\]]+)\](?:\[([^\]]*)\])?\]/g, (_, target: string, desc?: string) =>
      desc?.trim()
        ? desc
        : target.replace(/^(?:file|https?|mailto|info|man|id):(?=.)/, (p) => (/^https?:/.test(p) ? p : '')),
    )
    .replace(/\[fn:[\w-]*:\s*([^\]]*)\]/g, ' ($1)')
    .replace(/\[fn:[\w-]+\]/g, '')
    .replace(/\{\{\{[^}]*\}\}\}/g, '')
    .replace(EMPHASIS, '$2');
}
