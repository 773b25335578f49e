/**
 * Terminal formatting in text files: what `nroff`/`grotty` write for a terminal (bold as a character struck over
 * itself, "p\bp"; underline as an underscore struck over a letter, "_\bg"; a bullet as "+\bo") and ANSI escape
 * sequences (SGR styles such as "ESC[1m", "ESC[4m"). Rendered manuals carry them: groff's `pic.txt` and `meref.txt`,
 * the man-db manual. Left in, they split words ("p\bpi\bic\bc" was the tokens p, pi, ic, c) and no search found them.
 */

/** Control sequences: CSI (ESC [ … final byte) and OSC (ESC ] … BEL or ESC \). */
const CSI = /\x1b\[[0-?]*[ -/]*[@-~]/g;
const OSC = /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)/g;
/** A character struck over by another; never across a line break. */
const OVERSTRIKE = /([^\x08\n])\x08([^\x08\n])/g;

/** Whether a text holds terminal formatting. */
const hasTerminalFormatting = (text: string): boolean => /[\x08\x1b]/.test(text);

/**
 * The text a terminal shows: escape sequences dropped, each overstrike resolved to the character that stays visible
 * (the letter under an underscore, either of a bold pair, the second of anything else: "+\bo" is o, as `col -b`
 * keeps it). Text without a backspace or ESC comes back as it is.
 */
export function withoutTerminalFormatting(text: string): string {
  if (!hasTerminalFormatting(text)) return text;
  let s = text.replace(OSC, '').replace(CSI, '').replaceAll('\x1b', '');
  // "b\bb\bb" (struck twice) takes two passes.
  for (let prev = ''; prev !== s; ) {
    prev = s;
    s = s.replace(OVERSTRIKE, (_, under: string, over: string) => (over === '_' ? under : over));
  }
  return s.replaceAll('\x08', '');
}
