import { type EmbeddingServer, startEmbeddingServer } from './embedding-server.ts';

/**
 * An embeddings server that holds every request but the embedder's dimension probe (and the first `pass`) until
 * opened: a job holding its source's lease stays inside its run for as long as a test needs.
 */
export async function gatedEmbeddings(t: { after(fn: () => unknown): void }, pass = 0) {
  let open!: () => void;
  const opened = new Promise<void>((r) => {
    open = r;
  });
  let held = 0;
  const server: EmbeddingServer = await startEmbeddingServer({
    script: async (req) => {
      const probe = req.body.input?.length === 1 && req.body.input[0] === 'dimension probe';
      if (!probe && ++held > pass) await opened;
      return false;
    },
  });
  t.after(() => {
    open();
    return server.close();
  });
  const env = {
    GROUNDED_EMBEDDER: 'openai-compatible',
    GROUNDED_EMBED_BASE_URL: server.url,
    GROUNDED_EMBED_MODEL: 'm',
  };
  return { env, open, calls: () => held };
}
