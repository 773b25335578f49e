import { parse } from 'yaml';
import { type Metadata, readMetadata } from '../../src/store/index.ts';

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;
/**
 * The `title:` line of front matter that is not YAML: its value without the spaces and tabs around it. The value
 * starts after the last space before it and ends at a non-space (`(.+?)[ \t]*$` tried every split of inner spaces).
 */
const TITLE_LINE = /^title:[ \t]*(?![ \t])(.*(?![ \t]).)/m;
/** Front matter larger than this is no document's metadata: not parsed as YAML, only its `title:` line is read. */
const MAX_YAML_CHARS = 16 << 10;

export type FrontMatter = { body: string; title?: string; metadata: Metadata };

/**
 * A Markdown file's YAML front matter: `title` names the document, the other keys are its metadata (strings, numbers,
 * booleans, string lists; dates stay strings; nested maps and other lists are left out). Front matter that is not
 * valid YAML (or is over 16 KB) still ends where it ends and gives its `title:` line; it gives no metadata.
 */
export function readFrontMatter(src: string): FrontMatter {
  const m = FRONT_MATTER.exec(src);
  if (!m) return { body: src, metadata: {} };
  const body = src.slice(m[0].length);
  const yaml = parseYaml(m[1]!);
  if (!yaml) {
    const title = TITLE_LINE.exec(m[1]!)?.[1]?.replace(/^(["'])(.*)\1$/, '$2');
    return { body, title, metadata: {} };
  }
  const { data } = yaml;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return { body, metadata: {} };
  const { title, ...rest } = data as Record<string, unknown>;
  return {
    body,
    title: typeof title === 'string' || typeof title === 'number' ? String(title).trim() || undefined : undefined,
    metadata: readMetadata(rest).metadata,
  };
}

/** Front matter's YAML, parsed; undefined when it is not YAML or is too large to parse. */
function parseYaml(yaml: string): { data: unknown } | undefined {
  if (yaml.length > MAX_YAML_CHARS) return undefined;
  try {
    return { data: parse(yaml, { schema: 'core', uniqueKeys: false }) };
  } catch {
    return undefined;
  }
}
