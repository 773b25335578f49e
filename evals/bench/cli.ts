// `npm run bench -- <ingest|query|load|filter|scale|scale-up|vector-index|vector-memory|reads|text-decode|loaders|tokens|all>`: performance figures with a
// baseline measured in the same run.
import '../../src/native-env.ts';

const which = process.argv[2] ?? 'all';
const benches: Record<string, () => Promise<void>> = {
  ingest: async () => (await import('./ingest.ts')).benchIngest(),
  query: async () => (await import('./query.ts')).benchQuery(),
  load: async () => (await import('./load.ts')).benchLoad(),
  filter: async () => (await import('./filter.ts')).benchFilter(),
  scale: async () => (await import('./scale.ts')).benchScale(),
  'scale-up': async () => (await import('./scale-up.ts')).benchScaleUp(process.argv.slice(3)),
  'vector-index': async () => (await import('./vector-index.ts')).benchVectorIndex(process.argv.slice(3)),
  'vector-memory': async () => (await import('./vector-memory.ts')).benchVectorMemory(),
  reads: async () => (await import('./reads.ts')).benchReads(),
  'text-decode': async () => (await import('./text-decode.ts')).benchTextDecode(),
  loaders: async () => (await import('./loaders.ts')).benchLoaders(),
  tokens: async () => (await import('./tokens.ts')).benchTokens(),
};
if (which !== 'all' && !benches[which]) {
  console.error(`bench: unknown benchmark ${which}; one of ${Object.keys(benches).join(', ')}, all`);
  process.exit(2);
}
// The studies at scale take long: only when named.
const heavy = new Set(['scale', 'vector-index']);
for (const [name, run] of Object.entries(benches)) {
  if (which !== 'all' ? which !== name : heavy.has(name)) continue;
  console.log(`\n== ${name} ==`);
  await run();
}
