/**
 * Navigation in generated HTML documentation that is not marked up as such (no `<nav>`, no role): link lists
 * (sidebars, tables of contents, "see also" blocks, indexes) and previous/next/up bars. Blocks are judged when they
 * close, from what they held, so the HTML scanner reports text and links as it goes and gets back the ranges of
 * extracted text to leave out of every section.
 */

// Elements judged as possible navigation blocks; page-level wrappers (body, main, article) never are.
const BLOCKS = new Set([
  'div',
  'p',
  'ul',
  'ol',
  'dl',
  'menu',
  'table',
  'details',
  'section',
  'aside',
  'center',
  'blockquote',
  'figure',
  'form',
  'fieldset',
]);
/** Link relations of site navigation (HTML `rel` values and what documentation generators emit). */
const NAV_REL =
  /(?:^|\s)(?:next|prev|previous|up|start|first|last|contents|toc|index|home|top|parent|chapter|section)(?:\s|$)/i;
const ATTR = (name: string) => new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i');
const HREF = ATTR('href');
const REL = ATTR('rel');
const ACCESSKEY = ATTR('accesskey');

/** Share of a link list's letters and digits that must be link text. */
const LINK_SHARE = 0.85;
/** Letters and digits a link list may hold outside links and outside the lists inside it (a caption, a label). */
const LABEL_CHARS = 40;
/** A previous/next bar's letters and digits at most, when link text is not most of it (titles beside the links). */
const BAR_CHARS = 200;

/** `textNav`: links that read as navigation ("prev", "Back to Table of Contents") without `rel` saying so. */
type Counts = { chars: number; linkChars: number; links: number; navLinks: number; textNav: number };
type Block = {
  name: string;
  start: number;
  /** Everything inside, including blocks already left out. */
  total: Counts;
  /** What is inside but not in a block already left out. */
  rest: Counts;
  headings: string[];
  /** Headings closed before the block opened: it saw a heading when more have closed by the time it closes. */
  headingsBefore: number;
};
export type NavRange = { start: number; end: number; headings?: string[] };

const zero = (): Counts => ({ chars: 0, linkChars: 0, links: 0, navLinks: 0, textNav: 0 });
/** The name of the block that a run of text outside any element block is judged as. */
const RUN = '#run';
const block = (name: string, start: number, headings: readonly string[], headingsBefore: number): Block => ({
  name,
  start,
  total: zero(),
  rest: zero(),
  headings: [...headings],
  headingsBefore,
});
const add = (a: Counts, b: Counts) => {
  a.chars += b.chars;
  a.linkChars += b.linkChars;
  a.links += b.links;
  a.navLinks += b.navLinks;
  a.textNav += b.textNav;
};
const ALNUM = /[\p{L}\p{N}]/gu;
/** Link texts of navigation, bracketed or arrowed or not: "prev", "[ next ]", "« Previous", "Back to Table of Contents". */
const NAV_TEXT =
  /^[[«‹<←↑(]?\s*(?:prev|previous|next|up|top|home|index|contents|table of contents|back to (?:the )?(?:top|index|contents|table of contents))\s*[\]»›>→↑)]?$/i;

const countAlnum = (s: string): number => s.match(ALNUM)?.length ?? 0;
/**
 * An entry's number before its link ("4.14. <a href=…>I have large empty spaces …</a>", DocBook's tables of contents):
 * part of the entry the link names, so it counts as link text, not as a label of the list, once that link opens next.
 * With its dot only: a bare number beside a link is a table's data ("404" before "Not Found", a version after a name).
 */
const ENTRY_NUMBER = /^\s*(?:\d+(?:\.\d+)*|[A-Z]|[ivxlc]+)\.\s*$/;

export class NavDetector {
  private readonly blocks: Block[] = [];
  /** How many blocks of each name are open: whether a close tag closes one is known without a walk of the stack. */
  private readonly openBlocks = new Map<string, number>();
  /** Headings closed so far. */
  private headings = 0;
  /** Whether each open anchor is a link (has href), innermost last. */
  private readonly anchors: boolean[] = [];
  /** Open links, innermost last: their text read so far and whether `rel` says navigation. */
  private readonly links: { text: string; nav: boolean }[] = [];
  /** An entry's number just read outside a link (`ENTRY_NUMBER`), in its block: link text if a link opens next. */
  private entryNumber: { block: Block; chars: number } | undefined;

  /** An element opens at text position `at`; `headings` is the heading path in force. Returns ranges to skip. */
  open(name: string, attrs: string, at: number, headings: string[]): NavRange[] {
    const out: NavRange[] = [];
    if (name === 'a') {
      const link = HREF.test(attrs);
      this.anchors.push(link);
      if (link) {
        const nav = NAV_REL.test(value(REL, attrs)) || ACCESSKEY.test(attrs);
        this.links.push({ text: '', nav });
        if (this.blocks.length === 0) this.push(RUN, at, headings);
        const top = this.blocks[this.blocks.length - 1]!;
        const numbered = this.entryNumber?.block === top ? this.entryNumber.chars : 0;
        for (const c of [top.total, top.rest]) {
          c.links++;
          if (nav) c.navLinks++;
          c.linkChars += numbered;
        }
      }
      this.entryNumber = undefined;
      return out;
    }
    if (!BLOCKS.has(name)) return out;
    this.entryNumber = undefined;
    // A block start ends an open paragraph, as in HTML parsing, and a run of text outside any block.
    const top = this.blocks[this.blocks.length - 1]?.name;
    if (top === 'p' || top === RUN) out.push(...this.pop(at));
    this.push(name, at, headings);
    return out;
  }

  /** An element closes at text position `at`. Returns ranges to skip. */
  close(name: string, at: number): NavRange[] {
    if (name === 'a') {
      if (!this.anchors.pop()) return [];
      const link = this.links.pop()!;
      const text = link.text.trim();
      // A link that reads as navigation ("prev", "next", "Back to Table of Contents") without saying so in `rel`.
      const top = this.blocks[this.blocks.length - 1];
      if (top && !link.nav && NAV_TEXT.test(text)) for (const c of [top.total, top.rest]) c.textNav++;
      return [];
    }
    if (!BLOCKS.has(name) || !this.openBlocks.get(name)) return [];
    const out: NavRange[] = [];
    while (this.blocks.length > 0) {
      const last = this.blocks[this.blocks.length - 1]!.name;
      out.push(...this.pop(at));
      if (last === name) break;
    }
    return out;
  }

  /** Extracted text appended (as it went into the document) at `at`, under the heading path `headings`. */
  text(s: string, at: number, headings: readonly string[]): void {
    const link = this.links[this.links.length - 1];
    if (link) link.text += s;
    // Text outside any block (a bar between two <hr> of groff's HTML) is judged as a block of its own.
    if (this.blocks.length === 0 && /\S/.test(s)) this.push(RUN, at + s.search(/\S/), headings);
    const top = this.blocks[this.blocks.length - 1];
    if (!top) return;
    const n = countAlnum(s);
    for (const c of [top.total, top.rest]) {
      c.chars += n;
      if (link) c.linkChars += n;
    }
    if (!/\S/.test(s)) return;
    this.entryNumber = !link && ENTRY_NUMBER.test(s) ? { block: top, chars: n } : undefined;
  }

  /** Whether the text read now is a link's. */
  inLink(): boolean {
    return this.links.length > 0;
  }

  /** A break between blocks (a paragraph-level element starts or ends) ends a run of text outside any block. */
  boundary(at: number): NavRange[] {
    return this.blocks.length === 1 && this.blocks[0]!.name === RUN ? this.pop(at) : [];
  }

  /** A heading closed: every open block saw it. */
  heading(): void {
    this.headings++;
  }

  /** Blocks still open at the end of the page. */
  finish(at: number): NavRange[] {
    const out: NavRange[] = [];
    while (this.blocks.length > 0) out.push(...this.pop(at));
    return out;
  }

  private push(name: string, at: number, headings: readonly string[]): void {
    this.blocks.push(block(name, at, headings, this.headings));
    this.openBlocks.set(name, (this.openBlocks.get(name) ?? 0) + 1);
  }

  private pop(at: number): NavRange[] {
    const b = this.blocks.pop()!;
    this.openBlocks.set(b.name, this.openBlocks.get(b.name)! - 1);
    const parent = this.blocks[this.blocks.length - 1];
    const sawHeading = this.headings > b.headingsBefore;
    const skip = isLinkList(b) || isNavBar(b, sawHeading);
    if (parent) {
      add(parent.total, b.total);
      if (!skip) add(parent.rest, b.rest);
    }
    if (!skip) return [];
    return [{ start: b.start, end: at, ...(sawHeading ? { headings: b.headings } : {}) }];
  }
}

/**
 * At least two links, nothing but a label outside links and the link lists inside it, and either almost all link text
 * or more text in those link lists than in its label ("Table of contents" over a list).
 */
function isLinkList({ total, rest }: Block): boolean {
  const label = rest.chars - rest.linkChars;
  if (total.links < 2 || label > LABEL_CHARS) return false;
  return total.linkChars >= LINK_SHARE * total.chars || total.chars - rest.chars >= label;
}

/**
 * Previous/next/up links (rel or accesskey) in a block without headings: mostly link text, or short with two or more
 * of them (a bar that also shows the neighbouring pages' titles); or links reading as such and nothing else.
 */
const isNavBar = ({ rest }: Block, sawHeading: boolean): boolean =>
  !sawHeading &&
  ((rest.navLinks >= 1 && (rest.linkChars >= 0.5 * rest.chars || (rest.navLinks >= 2 && rest.chars <= BAR_CHARS))) ||
    // Links known by their words alone make a bar only when they are all of it ("[ prev | next | top ]"):
    // "use <a>next</a> and <a>up</a> to move" is prose.
    (rest.textNav >= 1 && rest.linkChars === rest.chars));

function value(re: RegExp, attrs: string): string {
  const m = re.exec(attrs);
  return m ? (m[1] ?? m[2] ?? m[3] ?? '') : '';
}
