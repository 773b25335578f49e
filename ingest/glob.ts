/** True when an input names a pattern rather than a path. */
export const isGlob = (s: string): boolean => /[*?[\]{}]/.test(s);

/**
 * A glob as a regular expression over '/'-separated paths: `*` and `?` stay within a path segment, `**` crosses
 * segments, `{a,b}` alternates, `[...]` is a character class.
 */
export function globToRegExp(glob: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*') {
      if (glob[i + 1] === '*') {
        const slash = glob[i + 2] === '/';
        re += slash ? '(?:.*/)?' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close < 0) re += '\\[';
      else {
        re += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\/g, '\\\\')}]`;
        i = close;
      }
    } else if (c === '{') {
      braces++;
      re += '(?:';
    } else if (c === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (c === ',' && braces > 0) re += '|';
    else re += c.replace(/[.+^$()|\\]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/** The directory part of a glob before its first pattern segment (where a walk starts). */
export function globBase(glob: string): string {
  const parts = glob.split('/');
  const first = parts.findIndex(isGlob);
  return parts.slice(0, first).join('/') || (glob.startsWith('/') ? '/' : '.');
}
