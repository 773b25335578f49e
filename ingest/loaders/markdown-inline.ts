import { decodeEntities } from './html-entities.ts';

/**
 * Markdown inline syntax down to the words a reader sees: link and image text without URLs, no emphasis markers,
 * code without backticks, inline HTML tags dropped, entities decoded, backslash escapes resolved.
 */
export function plainInline(s: string): string {
  return decodeEntities(
    s
      .replace(/<!--[\s\S]*?-->/g, '')
      // MyST roles: {ref}`the cache command <pip-cache>` reads "the cache command", {pep}`263` reads "PEP 263",
      // {term}`pypug:Wheel` (another project's glossary) reads "Wheel". A role starts a word: `/users/{id}` is code.
      .replace(/(?<![^\s(["'])\{(pep|rfc)\}`([^`]+)`/gi, (_, role: string, n: string) => `${role.toUpperCase()} ${n}`)
      .replace(/(?<![^\s(["'])\{[a-z][\w:.-]*\}`([^`<]*?)\s*(?:<[^`>]*>)?`/g, (_, t: string) =>
        t.replace(/^[~!]/, '').replace(/^[\w-]+:(?=\S)/, ''),
      )
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<((?:https?|mailto):[^>\s]+)>/g, '$1')
      .replace(/`+([^`]+?)`+/g, '$1')
      .replace(/<\/?[A-Za-z][^>]*>/g, '')
      .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, '$2')
      .replace(/(^|[^\w*])\*(?=\S)([^*]*?\S)\*(?!\w)/g, '$1$2')
      .replace(/(^|[^\w])_(?=\S)([^_]*?\S)_(?!\w)/g, '$1$2')
      .replace(/~~(?=\S)([\s\S]*?\S)~~/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1'),
  );
}
