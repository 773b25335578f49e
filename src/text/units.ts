/** Units of size, rate, time and frequency that follow a number in software documentation ("16 KB/s", "500 ms"). */
export const UNITS: ReadonlySet<string> = new Set(
  'kb mb gb tb pb kib mib gib tib bit bits kbit mbit gbit bps kbps mbps gbps ms us µs ns sec secs min mins hr hrs hz khz mhz ghz px dpi rpm'.split(
    ' ',
  ),
);

const GLUED = new RegExp(
  `(?<![\\p{L}\\p{N}_.])(\\d+(?:\\.\\d+)?)(${[...UNITS].sort((a, b) => b.length - a.length).join('|')})(?![\\p{L}\\p{N}_])`,
  'giu',
);

/**
 * A number and its unit written together ("32kb/s", "4GB", "100ms") as two words, the way "32 KB/s" is written: the
 * full-text index and its queries split them alike, so either spelling finds the other. A name that ends in digits
 * and letters ("0x1b", "md5", "x86") is no number.
 */
export const splitUnits = (text: string): string => text.replace(GLUED, '$1 $2');
