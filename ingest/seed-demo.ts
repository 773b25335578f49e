// `npm start` runs this first: on a fresh store it ingests the demo knowledge base (data/demo/) into the `demo`
// source, so a newcomer can ask questions at once. It does nothing when the source has rows or GROUNDED_DEMO=false.
import '../src/native-env.ts';
import { loadConfig, storeConnection } from '../src/config.ts';
import { AppError } from '../src/errors.ts';
import { createEmbedder } from '../src/providers/index.ts';
import { Store } from '../src/store/index.ts';
import { ensureDemoSource } from './demo.ts';

try {
  const config = loadConfig();
  if (config.GROUNDED_DEMO) {
    const store = await Store.open(config.GROUNDED_DB, storeConnection(config));
    const summary = await ensureDemoSource(store, await createEmbedder(config), {
      source: config.GROUNDED_DEMO_SOURCE,
    });
    if (summary)
      console.error(
        `grounded: ingested the demo knowledge base into source "${config.GROUNDED_DEMO_SOURCE}" (${summary.documents} documents, ${summary.chunks_written} chunks)`,
      );
    store.close();
  }
} catch (e) {
  console.error(e instanceof AppError ? `grounded: ${e.message}` : e);
  process.exit(1);
}
