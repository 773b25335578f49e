/** The folder names of a document's path, lower-cased ("nodejs-doc/api/process.html" → nodejs-doc, api). */
export const folderNames = (path: string): string[] =>
  path
    .toLowerCase()
    .split(/[\\/]+/)
    .slice(0, -1)
    .filter(Boolean);
