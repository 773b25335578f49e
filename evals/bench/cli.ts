// `npm run bench -- <ingest|query|load|filter|scale|reads|all>`: performance figures with a baseline measured in the same run.
import '../../src/native-env.ts';

const which = process.argv[2] ?? 'all';
const benches: Record<string, () => Promise<void>> = {
  ingest: async () => (await import('./ingest.ts')).benchIngest(),
  query: async () => (await import('./query.ts')).benchQuery(),
  load: async () => (await import('./load.ts')).benchLoad(),
  filter: async () => (await import('./filter.ts')).benchFilter(),
  scale: async () => (await import('./scale.ts')).benchScale(),
  reads: async () => (await import('./reads.ts')).benchReads(),
};
if (which !== 'all' && !benches[which]) {
  console.error(`bench: unknown benchmark ${which}; one of ${Object.keys(benches).join(', ')}, all`);
  process.exit(2);
}
for (const [name, run] of Object.entries(benches)) {
  if (which !== 'all' && which !== name) continue;
  console.log(`\n== ${name} ==`);
  await run();
}
