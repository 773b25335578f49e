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
  'minimum min lowest',
  'speed rate throughput bandwidth',
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
  'merge combine concatenate',
  'ignore skip exclude',
  'hide suppress',
  'quiet silent',
  'verbose detailed',
  'cert certificate',
  'auth authentication',
  'admin administrator superuser root',
  'terminal console tty',
  'core cpu processor thread parallel',
  'big large huge',
  'small tiny',
  'wrong incorrect invalid',
  'broken corrupt damaged',
  'symlink symbolic',
  'shortcut keybinding binding hotkey',
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

/** Phrases of several words that mean one of a group's words ("switch off" a feature: disable it). */
const PHRASES: readonly (readonly [RegExp, string])[] = [
  [/\b(?:turn|switch|shut)(?:s|ed|ing)?\s+(?:\S+\s+){0,4}?off\b/i, 'disable'],
  [/\b(?:turn|switch)(?:s|ed|ing)?\s+(?:\S+\s+){0,4}?on\b/i, 'enable'],
  [/\b(?:log|sign)(?:s|ged|ging)?\s+in\b/i, 'login'],
  [/\bcommand[\s-]line\b/i, 'cli'],
  [/\bmake\s+sure\b/i, 'ensure'],
  [/\bregular\s+expressions?\b/i, 'regex'],
];

/** Each stemmed word's stemmed synonyms, and the surface words to search for. */
const SYNONYMS: ReadonlyMap<string, ReadonlyMap<string, string>> = (() => {
  const out = new Map<string, Map<string, string>>();
  for (const g of GROUPS) {
    const words = g.split(' ');
    for (const w of words) {
      const own = out.get(stem(w)) ?? new Map<string, string>();
      for (const o of words) if (stem(o) !== stem(w)) own.set(stem(o), o);
      out.set(stem(w), own);
    }
  }
  return out;
})();

/** Whether a term set holds a synonym of a (stemmed) term: most terms have none. */
export function hasSynonym(have: ReadonlySet<string>, term: string): boolean {
  const s = SYNONYMS.get(term);
  if (!s) return false;
  for (const x of s.keys()) if (have.has(x)) return true;
  return false;
}

/**
 * The words a question does not say but a manual would for what it says (its words' synonyms and the words its
 * phrases stand for), for a full-text query beside the question's own: each once, none the question holds.
 */
export function synonymWords(question: string): string[] {
  const asked = new Set(terms(question));
  const out = new Map<string, string>();
  const add = (s: string, word: string) => {
    if (!asked.has(s) && !out.has(s)) out.set(s, word);
  };
  for (const [re, word] of PHRASES) {
    if (!re.test(question)) continue;
    add(stem(word), word);
    for (const [s, w] of SYNONYMS.get(stem(word)) ?? []) add(s, w);
  }
  for (const t of asked) for (const [s, w] of SYNONYMS.get(t) ?? []) add(s, w);
  return [...out.values()];
}
