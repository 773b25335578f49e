// Closed word lists the judge reasons with, as surface words; callers compare them by root (tokenize.ts), so
// "increases", "increased" and "increasing" all meet "increase".

/** Words that flip a statement's polarity; tokenize splits "didn't" into "did" + "n't". */
export const NEGATORS: ReadonlySet<string> = new Set([
  'not',
  'no',
  'never',
  'none',
  'nobody',
  'nothing',
  'neither',
  'nor',
  'without',
  'cannot',
  'lack',
  'lacks',
  'lacked',
  'absent',
  'fail',
  'fails',
  'failed',
  "n't",
]);

/**
 * Mutually exclusive pairs of word groups (space-separated): a claim using one side where the passage uses only the other, about the same
 * things, is reversed ("increases" vs "decreases"). Each entry is [sideA, sideB].
 */
export const OPPOSITES: ReadonlyArray<readonly [string, string]> = [
  [
    'increase rise rose risen raise grow grew elevate enhance boost higher greater larger upregulate gain improve promote stimulate activate accelerate strengthen expand exceed',
    'decrease reduce decline fall fell fallen drop lower fewer smaller diminish downregulate loss lose worsen inhibit suppress impair slow attenuate weaken shrink block',
  ],
  ['before earlier prior precede', 'after later follow'],
  ['older oldest elder eldest', 'younger youngest'],
  ['longer longest', 'shorter shortest'],
  ['first earliest', 'last latest final'],
  ['win won winner victory', 'lost loser defeat'],
  ['same identical similar', 'different distinct differ'],
  ['include contain', 'exclude omit'],
  ['alive survive', 'dead die died death kill killed'],
  ['male boy', 'female girl'],
  ['north northern', 'south southern'],
  ['east eastern', 'west western'],
  ['maximum highest largest biggest', 'minimum least lowest smallest'],
  ['true correct', 'false incorrect wrong'],
  ['benefit beneficial help protect', 'harm harmful hurt damage'],
  ['accept approve allow permit', 'reject deny prohibit ban forbid'],
  ['success successful succeed', 'failure unsuccessful'],
  ['positive', 'negative'],
  ['public', 'private'],
];

const SMALL =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty'.split(
    ' ',
  );
const ORDINAL =
  'zeroth first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth thirteenth fourteenth fifteenth sixteenth seventeenth eighteenth nineteenth twentieth'.split(
    ' ',
  );
const TENS: Record<string, number> = {
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  seventy: 70,
  eighty: 80,
  ninety: 90,
  hundred: 100,
  thousand: 1000,
  million: 1e6,
  billion: 1e9,
  dozen: 12,
};

/** Number words → value. "one" is left out: it is far more often a pronoun ("one of the") than a count. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map([
  ...SMALL.map((w, i) => [w, i] as const).filter(([w]) => w !== 'one'),
  ...ORDINAL.map((w, i) => [w, i] as const).filter(([w]) => w !== 'first' && w !== 'second'),
  ...Object.entries(TENS),
]);

export const MONTHS: ReadonlySet<string> = new Set(
  'january february march april may june july august september october november december'.split(' '),
);

/** Irregular plurals, forms of "be" and unit abbreviations a suffix stemmer cannot reach. */
export const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ['women', 'woman'],
  ['men', 'man'],
  ['children', 'child'],
  ['people', 'person'],
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['mice', 'mouse'],
  ['geese', 'goose'],
  ['was', 'be'],
  ['were', 'be'],
  ['is', 'be'],
  ['are', 'be'],
  ['km', 'kilometre'],
  ['kilometer', 'kilometre'],
  ['kilometers', 'kilometre'],
  ['meter', 'metre'],
  ['meters', 'metre'],
  ['mi', 'mile'],
  ['kg', 'kilogram'],
  ['lb', 'pound'],
  ['lbs', 'pound'],
  ['ft', 'foot'],
  ['percent', '%'],
  ['per cent', '%'],
]);

/**
 * Lower-case words allowed inside a capitalised name ("Bank of England", "Ludwig van Beethoven"). Not "and":
 * "Paul Dano and Zooey Deschanel" is two names, each to be found on its own.
 */
export const NAME_LINKS: ReadonlySet<string> = new Set([
  'of',
  'the',
  'for',
  'de',
  'del',
  'da',
  'van',
  'von',
  'der',
  'den',
  'la',
  'le',
  'du',
  'di',
]);
