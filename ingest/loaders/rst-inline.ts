/**
 * reStructuredText inline markup down to the words a reader sees, scanned left to right once so that what one
 * construct yields is never read again as markup (a literal's `*` stays a `*`):
 * ``literal`` → literal; `:role:`text``, `text`_, `text <url>`_ → the text (the part before `<…>`; `:pep:` and
 * `:rfc:` numbers as "PEP 8", "RFC 2822"; Sphinx's `~a.b.c` as "c"); `*emph*`, `**strong**` → their words;
 * `|substitution|` → its name; `word_` references → the word; footnote and citation references (`[1]_`) dropped;
 * backslash escapes resolved.
 */
const INLINE = new RegExp(
  [
    /``(?<literal>\S(?:[\s\S]*?\S)??)``/.source,
    // A role of at most five names of up to 64 characters (`:py:meth:`): unbounded, a long run of `:a` without a
    // backtick after it was read to its end from each colon in it.
    /(?<role>:[\w.+-]{1,64}(?::[\w.+-]{1,64}){0,4}:)?`(?<interpreted>[^`]+)`(?::[\w.+-]+:)?(?:__?)?/.source,
    // Strong text of at most 1000 characters: unbounded, each `**` without a closing one was read to the end.
    /\*\*(?<strong>\S(?:[\s\S]{0,998}?\S)??)\*\*/.source,
    /(?<![\w*])\*(?<emph>[^\s*](?:[^*]*?[^\s*])?)\*(?!\w)/.source,
    /(?<![\w|])\|(?<subst>[^\s|](?:[^|]*?[^\s|])?)\|(?:__?)?(?!\w)/.source,
    /\s?\[(?:#[\w-]*|\*|\d+|[A-Za-z][\w.-]*)\]_(?!\w)/.source,
    // A reference name of at most 100 characters: unbounded, a long dotted name (`a.a.a…`) was read to its end from
    // the start of each part.
    /\b(?<ref>[A-Za-z0-9](?:[\w.-]{0,98}[A-Za-z0-9])?)__?(?=[\s.,;:!?)'"]|$)/.source,
    /\\(?<escaped>[\s\S])/.source,
  ].join('|'),
  'g',
);

export function rstInline(s: string): string {
  return s.replace(INLINE, (...args) => {
    const g = args.at(-1) as Record<string, string | undefined>;
    if (g.literal !== undefined) return g.literal;
    if (g.interpreted !== undefined) return interpreted(g.interpreted, g.role);
    if (g.strong !== undefined) return g.strong;
    if (g.emph !== undefined) return g.emph;
    if (g.subst !== undefined) return g.subst;
    if (g.ref !== undefined) return g.ref;
    if (g.escaped !== undefined) return /\s/.test(g.escaped) ? '' : g.escaped;
    return ''; // a footnote or citation reference
  });
}

/** What a role or hyperlink reference shows: `Install <install>` → "Install", `~pkg.mod.func` → "func". */
function interpreted(text: string, role: string | undefined): string {
  const shown = /^([\s\S]*?\S)\s*<[^<>]+>$/.exec(text)?.[1] ?? text.replace(/^<([^<>]+)>$/, '$1');
  const name = role?.slice(1, -1).split(':').pop();
  if (name === 'pep' || name === 'rfc') return `${name.toUpperCase()} ${shown}`;
  if (role && shown.startsWith('~')) return shown.slice(1).split('.').pop()!;
  return role ? shown.replace(/^!/, '') : shown;
}
