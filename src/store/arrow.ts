import { createRequire } from 'node:module';

/**
 * apache-arrow loaded the way LanceDB loads it (CommonJS). The ESM build has its own classes, and LanceDB
 * silently writes zero rows from a table built with them, so every Arrow value we hand LanceDB comes from here.
 */
export const arrow = createRequire(import.meta.url)('apache-arrow') as typeof import('apache-arrow');
export type { Schema, Table as ArrowTable } from 'apache-arrow';
