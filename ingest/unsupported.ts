import { extname } from 'node:path';

/**
 * Files a folder or glob walk passed over because ingest does not read their type (hidden entries and node_modules
 * are skipped by design and not counted): how many, how many of each extension (most first; `(none)` for a name
 * without one, `.py.gz` for a compressed one), and a few of their paths — one of each extension first.
 */
export type UnsupportedFiles = { count: number; by_extension: Record<string, number>; examples: string[] };

const EXAMPLES = 5;
const NO_EXTENSION = '(none)';

/** `.png`; `.py.gz` for a compressed file (what is inside tells why it was passed over); `(none)`. */
function extensionOf(p: string): string {
  const ext = extname(p);
  if (ext !== '.gz') return ext || NO_EXTENSION;
  const inner = extname(p.slice(0, -ext.length));
  return inner ? `${inner}.gz` : ext;
}

export function summarizeUnsupported(paths: readonly string[], examples = EXAMPLES): UnsupportedFiles {
  const sorted = [...paths].sort();
  const byExt = new Map<string, string[]>();
  for (const p of sorted) {
    const ext = extensionOf(p.toLowerCase());
    const files = byExt.get(ext);
    if (files) files.push(p);
    else byExt.set(ext, [p]);
  }
  const groups = [...byExt].sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1));
  const picked: string[] = [];
  for (let round = 0; picked.length < Math.min(examples, sorted.length); round++)
    for (const [, files] of groups)
      if (files[round] !== undefined && picked.length < examples) picked.push(files[round]!);
  return {
    count: sorted.length,
    by_extension: Object.fromEntries(groups.map(([ext, files]) => [ext, files.length])),
    examples: picked,
  };
}

/** `skipped 49 files of types ingest does not read: .png ×49 (img/a.png, …)`, or '' for none. */
export function formatUnsupported(u: UnsupportedFiles): string {
  if (u.count === 0) return '';
  const kinds = Object.entries(u.by_extension)
    .map(([ext, n]) => `${ext} ×${n}`)
    .join(', ');
  const more = u.count > u.examples.length ? ', …' : '';
  return `skipped ${u.count} file${u.count === 1 ? '' : 's'} of types ingest does not read: ${kinds} (${u.examples.join(', ')}${more})`;
}
