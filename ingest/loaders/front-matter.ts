import { parse } from 'yaml';
import { type Metadata, readMetadata } from '../../src/store/index.ts';

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

export type FrontMatter = { body: string; title?: string; metadata: Metadata };

/**
 * A Markdown file's YAML front matter: `title` names the document, the other keys are its metadata (strings, numbers,
 * booleans, string lists; dates stay strings; nested maps and other lists are left out). Front matter that is not
 * valid YAML still ends where it ends and gives its `title:` line; it gives no metadata.
 */
export function readFrontMatter(src: string): FrontMatter {
  const m = FRONT_MATTER.exec(src);
  if (!m) return { body: src, metadata: {} };
  const body = src.slice(m[0].length);
  let data: unknown;
  try {
    data = parse(m[1]!, { schema: 'core', uniqueKeys: false });
  } catch {
    const title = /^title:[ \t]*(.+?)[ \t]*$/m.exec(m[1]!)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
    return { body, title, metadata: {} };
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { body, metadata: {} };
  const { title, ...rest } = data as Record<string, unknown>;
  return {
    body,
    title: typeof title === 'string' || typeof title === 'number' ? String(title).trim() || undefined : undefined,
    metadata: readMetadata(rest).metadata,
  };
}
