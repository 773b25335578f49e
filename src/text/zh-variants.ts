/**
 * The Chinese word lists and patterns of `src/text` are written in simplified characters; text in traditional
 * characters (Taiwan, Hong Kong: DRCD's questions ask "是什麼", "為甚麼", "哪裡", "誰", "幾個") must read alike. These are
 * the other forms of the characters they use: the traditional one, and 甚 for the 什 of 甚麼. A character missing here
 * is written the same in both scripts, or used by no list.
 */
const OTHER_FORMS: Readonly<Record<string, string>> = {
  与: '與',
  为: '為',
  从: '從',
  于: '於',
  这: '這',
  个: '個',
  们: '們',
  吗: '嗎',
  还: '還',
  将: '將',
  谁: '誰',
  几: '幾',
  请: '請',
  给: '給',
  会: '會',
  让: '讓',
  该: '該',
  么: '麼',
  什: '甚',
  样: '樣',
  里: '裡裏',
  儿: '兒',
  时: '時',
  岁: '歲',
  万: '萬',
  亿: '億',
  两: '兩',
  并: '並',
  现: '現',
  实: '實',
  对: '對',
  话: '話',
  题: '題',
  标: '標',
  种: '種',
  认: '認',
  称: '稱',
};

const formsOf = (c: string): string => c + (OTHER_FORMS[c] ?? '');

/** Every character of `chars` with its other forms: "这个" → "这這个個". */
export const zhChars = (chars: string): string => [...chars].map(formsOf).join('');

/**
 * Every spelling of each word, the simplified one first: "什么" → 什么, 什麼, 甚么, 甚麼. 甚 stands for 什 only before
 * 么 (甚至, "even", is another word: "为甚" and "是甚" are no spellings of 为什 and 是什).
 */
export function zhSpellings(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const chars = [...w];
    let spellings = [''];
    chars.forEach((c, i) => {
      const forms = c === '什' && chars[i + 1] !== '么' ? c : formsOf(c);
      spellings = spellings.flatMap((s) => [...forms].map((f) => s + f));
    });
    for (const s of spellings) out.add(s);
  }
  return [...out];
}

/**
 * A regular expression's source that matches each of its characters in any form: outside a character class a
 * character with other forms becomes a class of them ("为什么" → "[为為][什甚][么麼]"), inside one its forms join it.
 * For sources whose Chinese characters stand for themselves (no escapes of them, no ranges over them).
 */
function zhPattern(source: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (c === '\\') {
      out += c + (source[i + 1] ?? '');
      i++;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    const forms = formsOf(c);
    out += forms.length === 1 ? c : inClass ? forms : `[${forms}]`;
  }
  return out;
}

/** The same regular expression, matching its Chinese characters in any form. */
export const zhRegExp = (re: RegExp): RegExp => new RegExp(zhPattern(re.source), re.flags);
