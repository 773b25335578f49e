// Cloudflare Workers entry: the same Hono app as `npm start`, with the agent running here and retrieval over HTTP
// on Node retrieval nodes (GROUNDED_RETRIEVAL_URL or the RETRIEVAL service binding), authenticated with the node key.
import type { LanguageModel } from 'ai';
import { Hono } from 'hono';
import pino from 'pino/browser.js';
import { createWorkersAI } from 'workers-ai-provider';
import { createBuiltinReasoner } from './agent/reasoner/builtin/index.ts';
import { createLlmReasoner } from './agent/reasoner/llm/index.ts';
import { createApp } from './app.ts';
import { admissionLimits, type Config, loadConfig } from './config.ts';
import type { Deps } from './deps.ts';
import { AppError, errorMessage } from './errors.ts';
import { errorResponse } from './http/errors.ts';
import type { AssetReader } from './http/ui/assets.ts';
import { createChatModel } from './providers/chat-model.ts';
import { NodeClient, RemoteRetriever, RemoteStore } from './remote/index.ts';
import { rerankStageFromConfig } from './retrieval/index.ts';
import { newRunId } from './run-id.ts';
import { KeyRing } from './service/api-keys.ts';
import { RunControl } from './service/run-control.ts';
import { FULL_SCOPE } from './store/access-scope.ts';
import { bucketTraceStore, memoryTraceStore, type TraceBucket } from './trace/index.ts';

/** Bindings (wrangler.toml) and variables; secrets (GROUNDED_NODE_KEY, GROUNDED_LLM_API_KEY, …) arrive as strings. */
export type WorkerEnv = Record<string, unknown> & {
  /** A service binding to a retrieval node (instead of GROUNDED_RETRIEVAL_URL). */
  RETRIEVAL?: { fetch(req: Request): Promise<Response> };
  /** R2 bucket for traces (without it, traces live in the isolate's memory only). */
  TRACES?: TraceBucket;
  /** Workers AI, for GROUNDED_REASONER=workers-ai. */
  AI?: Parameters<typeof createWorkersAI>[0]['binding'];
  /** The console's pages and scripts (src/http/ui/public). */
  ASSETS?: { fetch(req: Request): Promise<Response> };
};

const apps = new WeakMap<object, Promise<Hono>>();

export default {
  async fetch(req: Request, env: WorkerEnv, ctx: unknown): Promise<Response> {
    let app = apps.get(env);
    if (!app) {
      app = build(env);
      apps.set(env, app);
    }
    return (await app).fetch(req, env, ctx as never);
  },
};

/** The app for this isolate's bindings, or — for a configuration that cannot work — a 500 that says what to fix. */
async function build(env: WorkerEnv): Promise<Hono> {
  try {
    const vars = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
    const config = loadConfig(vars);
    return createApp(await workerDeps(config, env));
  } catch (e) {
    const err = e instanceof AppError ? e : new AppError('config', `the Worker cannot start: ${errorMessage(e)}`);
    const broken = new Hono();
    broken.all('*', () => {
      throw err;
    });
    broken.onError((x, c) => errorResponse(c, x));
    return broken;
  }
}

export async function workerDeps(config: Config, env: WorkerEnv): Promise<Deps> {
  const url = config.GROUNDED_RETRIEVAL_URL ?? (env.RETRIEVAL ? 'http://retrieval' : undefined);
  if (!url)
    throw new AppError(
      'config',
      'the Worker needs a retrieval node: set GROUNDED_RETRIEVAL_URL (a node started with npm start) or bind RETRIEVAL to one',
    );
  const node = new NodeClient({
    url,
    fetch: env.RETRIEVAL ? (r) => env.RETRIEVAL!.fetch(r) : undefined,
    key: config.GROUNDED_NODE_KEY,
    timeoutMs: config.GROUNDED_RETRIEVAL_TIMEOUT_MS,
  });
  const logger = pino({ level: config.LOG_LEVEL, browser: { asObject: true } }) as unknown as Deps['logger'];
  return {
    config,
    store: new RemoteStore(node, config.GROUNDED_DB_CONSISTENCY_MS),
    retriever: new RemoteRetriever(node),
    rerank: rerankStageFromConfig(config),
    reasoner: reasonerFor(config, env),
    traces: env.TRACES ? bucketTraceStore(env.TRACES, 'traces/') : memoryTraceStore(),
    assets: env.ASSETS ? assetsFrom(env.ASSETS) : undefined,
    // A Worker's runs and searches wait on the retrieval node and the model, not on its own CPU.
    runs: new RunControl({
      ...admissionLimits(config, { runs: 32, searches: 32 }),
      ratePerMinute: config.GROUNDED_RATE_LIMIT_PER_MIN,
      shutdown: false,
    }),
    // GROUNDED_API_KEYS (secrets) are admin keys; scoped keys need a keys file, which a Worker does not have.
    keys: await KeyRing.from(config.GROUNDED_API_KEYS),
    scope: FULL_SCOPE,
    logger,
    now: Date.now,
    newId: newRunId,
  };
}

function reasonerFor(config: Config, env: WorkerEnv) {
  let model: LanguageModel | undefined;
  if (config.GROUNDED_REASONER === 'llm') model = createChatModel(config);
  if (config.GROUNDED_REASONER === 'workers-ai') {
    if (!env.AI)
      throw new AppError('config', 'GROUNDED_REASONER=workers-ai needs an AI binding ([ai] in wrangler.toml)');
    model = createWorkersAI({ binding: env.AI })(config.GROUNDED_LLM_MODEL as never) as LanguageModel;
  }
  return model ? createLlmReasoner(model) : createBuiltinReasoner();
}

/** The console's files from the static assets binding (the same folder `npm start` reads from disk). */
function assetsFrom(assets: { fetch(req: Request): Promise<Response> }): AssetReader {
  return async (name) => {
    const r = await assets.fetch(new Request(`https://assets.local/${name}`));
    return r.ok ? r.text() : null;
  };
}
