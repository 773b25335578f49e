import { decodeEntities } from './html-entities.ts';

/**
 * MyST roles: {ref}`the cache command <pip-cache>` reads "the cache command", {pep}`263` reads "PEP 263",
 * {term}`pypug:Wheel` (another project's glossary) reads "Wheel". A role starts a word: `/users/{id}` is code.
 * The text runs greedily up to the target or the closing backtick and is trimmed after: a lazy text before `\s*`
 * would try every split of a long run of spaces.
 */
const PEP_ROLE = /(?<![^\s(["'])\{(pep|rfc)\}`([^`]+)`/gi;
const ROLE = /(?<![^\s(["'])\{[a-z][\w:.-]*\}`([^`<]*)(?:<[^`>]*>)?`/g;
/**
 * Images and links: `![alt](src)`, `[text](url)` (a URL may hold one level of parentheses), `[text][ref]`. Text may
 * hold a `[` (`[a [b](c)` reads "a [b"), but only the first `[` before a `]` starts one (the lookbehind): the others
 * would match up to the same `]` or fail there too, and a run of `[` without a `]` was read to its end from each one.
 * A URL holds no `](`, so an unclosed one is read only up to the next link.
 */
const IMAGE = /!\[(?<!!\[[^\]]*?!\[)([^\]]*)\]\((?:[^)\]]|\](?!\())*\)/g;
const LINK = /\[(?<!\[[^\]]*?\[)([^\]]+)\]\((?:[^()\]]|\](?!\()|\((?:[^)\]]|\](?!\())*\))*\)/g;
const REF_LINK = /\[(?<!\[[^\]]*?\[)([^\]]+)\]\[[^\]]*\]/g;
/** `<https://…>` autolinks and inline HTML tags; no `<` inside, so an unclosed `<` is scanned past once. */
const AUTOLINK = /<((?:https?|mailto):[^<>\s]+)>/g;
const TAG = /<\/?[A-Za-z][^<>]*>/g;
/** A code span: backticks, code, backticks. It starts only at the first of a run of backticks: one inside fails too. */
const CODE = /(?<!`)`+([^`]+)`+/g;

/** Pairs of markers around text, replaced the way a lazy `open([\s\S]*?)close` regex replaces them. */
type Spans = {
  open: readonly string[];
  /** The closing marker; the opening one when absent. */
  close?: string;
  /** The text inside is not empty and starts and ends with a non-space, as in `open(?=\S)([\s\S]*?\S)close`. */
  tight: boolean;
  /** Whether the text inside stays (emphasis) or goes with the markers (comments). */
  keep: boolean;
};
const COMMENTS: Spans = { open: ['<!--'], close: '-->', tight: false, keep: false };
const STRONG: Spans = { open: ['**', '__'], tight: true, keep: true };
const STRIKE: Spans = { open: ['~~'], tight: true, keep: true };
const NON_SPACE = /\S/;

/**
 * Markdown inline syntax down to the words a reader sees: link and image text without URLs, no emphasis markers,
 * code without backticks, inline HTML tags dropped, entities decoded, backslash escapes resolved.
 */
export function plainInline(s: string): string {
  // Code spans are read as written: a tag, an entity, emphasis marks or an escape inside one are its text
  // ("`<name>`", "`a_b_c`"). They are set aside until the rest is read.
  const code: string[] = [];
  const words = spans(s.replace(CODE_MARK, ''), COMMENTS)
    .replace(PEP_ROLE, (_, role: string, n: string) => `${role.toUpperCase()} ${n}`)
    .replace(ROLE, (_, t: string) =>
      t
        .trimEnd()
        .replace(/^[~!]/, '')
        .replace(/^[\w-]+:(?=\S)/, ''),
    )
    .replace(CODE, (_, c: string) => `\ue000${code.push(c) - 1}\ue001`)
    .replace(IMAGE, '$1')
    .replace(LINK, '$1')
    .replace(REF_LINK, '$1')
    .replace(AUTOLINK, '$1')
    .replace(TAG, '');
  const unemphasized = spans(words, STRONG)
    .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
    .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2');
  return decodeEntities(spans(unemphasized, STRIKE).replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1')).replace(
    SET_ASIDE,
    (_, i: string) => code[Number(i)]!,
  );
}

/** The private-use marks a code span is set aside between (dropped from the input first, so none is taken for one). */
const CODE_MARK = /[\ue000\ue001]/g;
const SET_ASIDE = /\ue000(\d+)\ue001/g;

/**
 * `s` with each span from an opening marker to the nearest closing one after it replaced, left to right, as the lazy
 * regex would — in linear time: the regex searches to the end of `s` again from every later marker once one is left
 * unclosed, while here a marker without a closer shows that no later one of its kind has one either.
 */
function spans(s: string, { open, close, tight, keep }: Spans): string {
  let out = '';
  let done = 0;
  // Where each marker next stands; -1 when nowhere after, or when one was left unclosed (no later one closes).
  const next = open.map((m) => s.indexOf(m));
  for (let from = 0; ; ) {
    let k = -1;
    for (let j = 0; j < open.length; j++) {
      if (next[j]! >= 0 && next[j]! < from) next[j] = s.indexOf(open[j]!, from);
      if (next[j]! >= 0 && (k < 0 || next[j]! < next[k]!)) k = j;
    }
    if (k < 0) break;
    const p = next[k]!;
    const marker = open[k]!;
    const inner = p + marker.length;
    from = p + 1;
    if (tight && !NON_SPACE.test(s[inner] ?? '')) continue;
    const end = close ?? marker;
    let q = s.indexOf(end, tight ? inner + 1 : inner);
    while (tight && q >= 0 && !NON_SPACE.test(s[q - 1]!)) q = s.indexOf(end, q + 1);
    if (q < 0) {
      next[k] = -1;
      continue;
    }
    out += s.slice(done, p) + (keep ? s.slice(inner, q) : '');
    done = from = q + end.length;
  }
  return out + s.slice(done);
}
