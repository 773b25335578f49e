import { isEnglishWord } from './lexicon.ts';
import { stem, terms } from './tokenize.ts';

/**
 * Words that users and manuals use for the same thing in software documentation: a user asks for the "peak" memory,
 * to "switch off" a feature, to "unpack" an archive or how to "stop" a program; the manual says "maximum", "disable",
 * "extract" or "decompress", "kill". Each group is a set of interchangeable words (a word may sit in several groups);
 * abbreviations that a stemmer cannot join ("config" / "configuration") are here too. Written from general usage of
 * technical English, though after reading the folder sets' retrieval misses (README, "Synonyms"): what the table
 * does on other manuals is measured by `debian-manuals-11` and the held-out sets, not by the sets it was read beside.
 */
const GROUPS: readonly string[] = [
  'stop halt terminate kill abort',
  'ensure guarantee',
  'stop block prevent',
  'start launch',
  'run execute invoke',
  'disable deactivate',
  'enable activate',
  'remove delete erase',
  'unpack extract decompress uncompress unzip inflate',
  'pack compress deflate',
  'folder directory dir',
  'subfolder subdirectory',
  'config configuration conf',
  'struct structure',
  'peak maximum max highest',
  'minimum lowest',
  'speed throughput bandwidth',
  'limit cap throttle',
  'ask prompt confirm confirmation',
  'need require requirement',
  'password passphrase',
  'crash segfault',
  'memory ram',
  'upgrade update',
  'flag option',
  'argument arg parameter param',
  'info information',
  'doc documentation',
  'spec specification',
  'app application',
  'repo repository',
  'lib library',
  'env environment',
  'dependency requirement',
  'regex regexp',
  'replace substitute',
  'overwrite clobber replace',
  'combine concatenate',
  'ignore skip exclude',
  'hide suppress',
  'quiet silent',
  'verbose detailed',
  'cert certificate',
  'auth authentication',
  'admin administrator superuser',
  'terminal console tty',
  'cpu processor',
  'big large huge',
  'small tiny',
  'wrong incorrect invalid',
  'broken corrupt damaged',
  'shortcut keybinding hotkey keymap',
  'resume continue',
  'download fetch retrieve',
  'email mail',
  'graphical gui',
  'subfolder recursive',
  'login logon signin',
  'fast quick',
  'slow sluggish',
  'watch monitor',
];

/**
 * Ways a user says "by default" without the word, which manuals use for it: "… out of the box", "… unless told
 * otherwise", "… and configure nothing", "… if I don't set it", "… and never configured anything". A question asking
 * so asks for the default.
 */
export const BY_DEFAULT_SAID = new RegExp(
  [
    String.raw`\bout of the box\b`,
    String.raw`\bunless (?:(?:i|you|we|it|it's|it is|they|they're|they are) )?(?:told|configured|set|specified|instructed|asked|changed|overridden|say|specify|configure|tell it) otherwise\b`,
    String.raw`\b(?:configure|configuring|set|setting|change|changing|specify|specifying|pass|passing) nothing\b`,
    // "if I don't set it?", "… and never configured anything.", not "if I don't set it to 3".
    String.raw`\b(?:don't|do not|didn't|did not|haven't|have not|never) (?:configured?|set|changed?|specif(?:y|ied)|pass(?:ed)?|touch(?:ed)?|tweak(?:ed)?) (?:anything|it|one|that|them|this)(?= *(?:[,.;:!?)]|$))`,
    String.raw`\bwithout (?:any )?(?:configuring|changing|setting|specifying|passing) anything\b`,
    String.raw`\b(?:with|on|at) (?:the |its |their )?(?:stock|factory|shipped|out-of-the-box) (?:settings?|configuration|config)\b`,
  ].join('|'),
  'i',
);

/**
 * Phrases of several words that mean one of a group's words: "switch off" a feature, or "turn it off", is to disable
 * it. A word or two may stand between verb and particle only when the particle ends the clause ("turn the colours
 * off?"), so "switch branches on a detached HEAD" or "a switch makes curl back off" are no such phrase.
 */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [BY_DEFAULT_SAID, 'default'],
  [
    /\b(?:turn(?:s|ed|ing)?|switch(?:es|ed|ing)?|shut(?:s|ting)?)\s+(?:off\b|(?:\S+\s+){1,2}off(?=\s*(?:[.,;:!?)]|$)))/i,
    'disable',
  ],
  [/\b(?:turn(?:s|ed|ing)?|switch(?:es|ed|ing)?)\s+(?:on\b|(?:\S+\s+){1,2}on(?=\s*(?:[.,;:!?)]|$)))/i, 'enable'],
  [/\bcommand[\s-]line\b/i, 'cli'],
  [/\bmake\s+sure\b/i, 'ensure'],
  [/\bregular\s+expressions?\b/i, 'regex'],
];

/** A group's word with the stems of its forms: the light stemmer reads "deleted" as "delet", "delete" as "delete". */
type Synonym = { word: string; stems: readonly string[] };

function formsOf(word: string): string[] {
  const base = word.endsWith('e') ? word.slice(0, -1) : word;
  const doubled = `${word}${word.at(-1)}`;
  return [
    ...new Set([word, `${word}s`, `${word}es`, `${base}ed`, `${base}ing`, `${doubled}ed`, `${doubled}ing`].map(stem)),
  ];
}

/** Each stem of each group word's forms, and the other words of its groups. */
const SYNONYMS: ReadonlyMap<string, readonly Synonym[]> = (() => {
  const out = new Map<string, Synonym[]>();
  for (const g of GROUPS) {
    const words = g.split(' ').map((word) => ({ word, stems: formsOf(word) }));
    for (const w of words)
      for (const s of w.stems) {
        const own = out.get(s) ?? [];
        for (const o of words) if (o !== w && !own.some((x) => x.word === o.word)) own.push(o);
        out.set(s, own);
      }
  }
  return out;
})();

/** Whether a term set holds a synonym of a (stemmed) term, in any of its forms: most terms have none. */
export function hasSynonym(have: ReadonlySet<string>, term: string): boolean {
  return SYNONYMS.get(term)?.some((o) => o.stems.some((s) => have.has(s))) ?? false;
}

/**
 * The words a question does not say but a manual would for what it says (its words' synonyms and the words its
 * phrases stand for), for a full-text query beside the question's own: each once, none the question says in any form.
 */
export function synonymWords(question: string): string[] {
  const asked = new Set(terms(question));
  const out = new Set<string>();
  const add = (o: Synonym) => {
    if (!o.stems.some((s) => asked.has(s))) out.add(o.word);
  };
  for (const [re, word] of PHRASES) {
    if (!re.test(question)) continue;
    add({ word, stems: formsOf(word) });
    for (const o of SYNONYMS.get(stem(word)) ?? []) add(o);
  }
  for (const t of asked) for (const o of SYNONYMS.get(t) ?? []) add(o);
  for (const w of hyphenJoined(question)) if (!asked.has(stem(w))) out.add(w);
  return [...out];
}

/**
 * A word written with hyphens, joined ("front-ends" → "frontends", "time-out" → "timeout"), as manuals often write it:
 * full-text search reads the hyphenated one as two words ("front", "ends"), none of which a text saying "frontend" has.
 * Letters only, five or more with the hyphens, no letter alone unless the joined word is English (`x86-64`, "T-cell"
 * and "Ctrl-a" are names; "e-mail" is "email"); not in a path, URL or address.
 */
function hyphenJoined(question: string): string[] {
  const out = new Set<string>();
  // Not inside a path, a URL, an address or a dotted name (`/etc/foo-bar/`, `host-name.example`).
  for (const m of question.matchAll(
    /(?<![\p{L}\p{N}_\-/.@:])\p{L}+(?:-\p{L}+)+(?![\p{L}\p{N}_]|[-/.@:][\p{L}\p{N}])/gu,
  )) {
    const joined = m[0].replaceAll('-', '').toLowerCase();
    // A letter alone is a name's ("Ctrl-a", "T-cell"), unless the joined word is English ("e-mail").
    if (m[0].length >= 5 && (!/(?:^|-)\p{L}(?:-|$)/u.test(m[0]) || isEnglishWord(joined))) out.add(joined);
  }
  return [...out];
}
