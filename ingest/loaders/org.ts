import type { Extracted } from './markdown.ts';
import { appendAsWritten, joinWrapped, trimBlankLines } from './markup-lines.ts';
import { TextBuilder } from './text-builder.ts';

/** A headline: stars, then perhaps a TODO keyword, a priority and `COMMENT`; tags at its end. */
const HEADLINE = /^(\*+)[ \t]+(.*)$/;
const TODO_KEYWORDS = ['TODO', 'DONE', 'NEXT', 'WAITING', 'HOLD', 'CANCELED', 'CANCELLED', 'STARTED'];
const PRIORITY = /^\[#[A-Z0-9]\][ \t]+/;
const TAGS = /(?:^|[ \t]):(?:[\w@#%]+:){1,30}$/;
const KEYWORD = /^#\+([\w-]+):[ \t]*(.*)$/;
const BLOCK_BEGIN = /^#\+begin_(\w+)(?:[ \t]+(.*))?$/i;
const DRAWER = /^:([\w-]+):$/;
const PLANNING = /^(?:SCHEDULED|DEADLINE|CLOSED):/;
/** A list item: `- a`, `+ a`, `* a` (indented, else a headline), `1. a`, `a) a`, perhaps with a counter and checkbox. */
const LIST_ITEM = /^[ \t]*([-+]|(?<=[ \t])\*|\d+[.)]|[a-zA-Z][.)])[ \t]+(?:\[@\w+\][ \t]+)?(?:\[[ X-]\][ \t]+)?(.*)$/;
/** Blocks whose lines are kept as written, and those dropped; any other holds prose (a quote, a note). */
const VERBATIM = new Set(['src', 'example', 'verse']);
const DROPPED = new Set(['comment', 'export']);

/**
 * Org mode to plain text with a section per headline. `#+TITLE:` names the document and heads every section's path;
 * a headline's TODO keyword (those `#+TODO:` adds too), priority and tags are not its words, and a `COMMENT` or
 * `:noexport:` subtree is not exported. Source, example and verse blocks and fixed-width lines (`: …`) keep their
 * lines as written (a comma escaping a line is dropped); tables give a line per row, its cells spaced apart; a
 * description list's term (`- --verbose :: …`) stands on a line of its own over its description, as a manual
 * page's options do. Comments, keywords, drawers (`:PROPERTIES:` … `:END:`), planning lines, comment and export
 * blocks are dropped; a block or drawer never closed is text. Links show their description, macros their arguments,
 * inline markup its text.
 */
export function extractOrg(src: string, fallbackTitle: string): Extracted {
  const lines = src.replace(/^\uFEFF/, '').split(/\r?\n/);
  const b = new TextBuilder();
  let title: string | undefined;
  const stack: string[] = [];
  const todo = todoKeywords(lines);
  let para: { lines: string[]; item?: boolean; defines?: boolean } | undefined;
  /** The block being read: its end line, and its lines when they are kept. */
  let block: { end: string; lines?: string[] } | undefined;
  let drawer = false;
  /** The level of a `COMMENT` or `:noexport:` headline whose subtree is being passed over. */
  let hidden: number | undefined;

  const flush = () => {
    if (para) {
      if (!para.item && !para.defines) b.paragraph();
      b.append(orgInline(joinWrapped(para.lines, '\\\\')));
      if (para.item) b.line();
      else b.paragraph();
    }
    para = undefined;
  };
  const asWritten = (kept: readonly string[]) => appendAsWritten(b, kept);
  /** Whether a line closing what opens at line i comes before the next headline (`end` for a drawer). */
  const closes = (i: number, end: RegExp) => {
    for (let k = i + 1; k < lines.length; k++) {
      if (end.test(lines[k]!.trim())) return true;
      if (HEADLINE.test(lines[k]!)) return false;
    }
    return false;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\t/g, '        ').trimEnd();
    const text = line.trim();
    if (block) {
      if (text.toLowerCase() === block.end) {
        if (block.lines) asWritten(trimBlankLines(block.lines));
        block = undefined;
      } else block.lines?.push(line.replace(/^([ \t]*),(?=\*|#\+)/, '$1'));
      continue;
    }
    if (drawer) {
      if (/^:end:$/i.test(text)) drawer = false;
      continue;
    }
    const head = HEADLINE.exec(line);
    if (head) {
      flush();
      const level = head[1]!.length;
      if (hidden !== undefined && level > hidden) continue;
      hidden = undefined;
      let words = head[2]!;
      const tags = TAGS.exec(words);
      if (tags) words = words.slice(0, tags.index);
      const keyword = /^([A-Z]+)[ \t]+/.exec(words);
      if (keyword && todo.has(keyword[1]!)) words = words.slice(keyword[0].length);
      words = words.replace(PRIORITY, '');
      if (/^COMMENT(?:[ \t]|$)/.test(words) || /:noexport:/.test(tags?.[0] ?? '')) {
        hidden = level;
        continue;
      }
      // With a `#+TITLE:` the title heads every path, one level above the top headlines.
      const depth = title === undefined ? level : level + 1;
      stack.length = depth;
      stack[depth - 1] = orgInline(words).trim();
      b.section(stack.filter(Boolean));
      continue;
    }
    if (hidden !== undefined) continue;
    if (!text) {
      flush();
      continue;
    }
    const begin = BLOCK_BEGIN.exec(text);
    if (begin) {
      const kind = begin[1]!.toLowerCase();
      const end = `#+end_${kind}`;
      // A block never closed is text, as Org reads it.
      if (closes(i, new RegExp(`^#\\+end_${kind}$`, 'i'))) {
        flush();
        block = VERBATIM.has(kind) ? { end, lines: [] } : DROPPED.has(kind) ? { end } : undefined;
        continue;
      }
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
    if (/^#(?:[ \t]|$)/.test(text) || /^-{5,}$/.test(text)) continue;
    if (!para && DRAWER.test(text) && text.toLowerCase() !== ':end:' && closes(i, /^:end:$/i)) {
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
          .map((c) => orgInline(c).trim());
        if (cells.some(Boolean)) {
          b.append(cells.join('   ').trimEnd());
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
      const dt = descriptionOf(words);
      if (dt) {
        b.paragraph();
        b.append(orgInline(dt.term).trim());
        b.line();
        para = { lines: dt.text ? [dt.text] : [], defines: true };
      } else para = { lines: [`${/^[-+*]$/.test(item[1]!) ? '-' : item[1]} ${words}`], item: true };
      continue;
    }
    if (para) para.lines.push(text);
    else para = { lines: [text] };
  }
  if (block?.lines) asWritten(trimBlankLines(block.lines));
  flush();
  const { text, sections } = b.finish();
  return { title: title || fallbackTitle, text, sections };
}

/** The TODO keywords of a file: Org's usual ones and those its `#+TODO:` lines add (`#+TODO: OPEN | CLOSED`). */
function todoKeywords(lines: readonly string[]): Set<string> {
  const out = new Set(TODO_KEYWORDS);
  for (const l of lines) {
    const m = /^#\+(?:TODO|SEQ_TODO|TYP_TODO):[ \t]*(.*)$/i.exec(l.trim());
    if (m) for (const w of m[1]!.split(/[ \t]+/)) if (w && w !== '|') out.add(w.replace(/\(.*\)$/, ''));
  }
  return out;
}

/** A description list item's term and text: `--verbose :: Print …`; undefined for a plain item. */
function descriptionOf(words: string): { term: string; text: string } | undefined {
  for (let at = words.indexOf(' ::'); at >= 0; at = words.indexOf(' ::', at + 1)) {
    const after = words[at + 3];
    if (after === undefined || after === ' ' || after === '\t')
      return at > 0 && words.slice(0, at).trim()
        ? { term: words.slice(0, at), text: words.slice(at + 3).trim() }
        : undefined;
  }
  return undefined;
}

/**
 * Org's emphasis: a marker after a space or opening punctuation, text not starting or ending with a space, up to a
 * few hundred characters (a bound on how far the closing marker is looked for).
 */
const EMPHASIS = /(?<=^|[\s\-({'"])([*/_=~+])(?=\S)(.{1,300}?)(?<=\S)\1(?=$|[\s\-.,;:!?')}"\]])/gu;

/**
 * Org inline markup down to the words a reader sees: a link to its description (else its target, without a
 * heading's `*` or an id's `#`), a macro to its arguments (`{{{kbd(C-c C-c)}}}`), bold, italic, underline, verbatim,
 * code and strike-through to their text, footnote references, export snippets and targets dropped (an inline
 * footnote's text kept).
 */
export function orgInline(s: string): string {
  return s
    .replace(/\[\[([^\][]{1,500})\](?:\[([^\]]{0,500})\])?\]/g, (_, target: string, desc?: string) =>
      desc?.trim() ? desc : target.replace(/^(?:file|mailto|info|man|id):(?=.)|^[*#]/, ''),
    )
    .replace(/\[fn:[\w-]*:\s*([^\]]{0,500})\]/g, ' ($1)')
    .replace(/\[fn:[\w-]+\]/g, '')
    .replace(/\{\{\{[\w-]+(?:\(([^)]{0,300})\))?\}\}\}/g, (_, args?: string) => args ?? '')
    .replace(/@@[\w-]+:[^@]{0,300}@@/g, '')
    .replace(/<<<?([^<>]{1,200})>>>?/g, '$1')
    .replace(EMPHASIS, '$2');
}
