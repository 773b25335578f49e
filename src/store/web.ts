// What of the store loads without LanceDB or Arrow: access scopes, source names, metadata rules, SQL literals. Code
// the Workers front bundles (the HTTP routes, the retriever's filters, the API keys) imports these from here, not
// from the barrel (index.ts), which loads LanceDB's native library.
export { type AccessScope, canRead, FULL_SCOPE, type Role, readsAll } from './access-scope.ts';
export { META_KEY, META_LIMITS, METADATA_COLUMN, type Metadata, type MetaValue } from './metadata.ts';
export { validateSourceName } from './source-name.ts';
export { sqlIn, sqlString } from './sql.ts';
