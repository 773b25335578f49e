/** Reads one console asset by file name; null when there is no such file. */
export type AssetReader = (name: string) => Promise<string | null>;

const cache = new Map<string, Promise<string | null>>();

/**
 * Assets ship as plain files beside this module, so `npm start` serves them with no build step. They are read once
 * and kept: a few tens of kilobytes. `node:fs` is imported lazily so this module stays loadable where there is no
 * file system (a Workers entry would pass its own reader, or serve the folder as static assets).
 */
export const readAssetFile: AssetReader = (name) => {
  let hit = cache.get(name);
  if (!hit) {
    hit = import('node:fs/promises').then(({ readFile }) =>
      // Resolved here, not at load: in a Worker `import.meta.url` is no file URL (it passes its own reader).
      readFile(new URL(`./public/${name}`, import.meta.url), 'utf8').catch((e: NodeJS.ErrnoException) => {
        if (e.code === 'ENOENT') return null;
        throw e;
      }),
    );
    cache.set(name, hit);
  }
  return hit;
};
