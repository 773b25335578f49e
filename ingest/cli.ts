// LanceDB reads its log level when its native module loads, so this comes before any import that loads it.
process.env.LANCEDB_LOG ??= 'error';

import('./cli-main.ts')
  .then(({ main }) => main(process.argv.slice(2)))
  .then((code) => {
    process.exitCode = code;
  });
