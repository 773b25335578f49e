import type { Deps } from '../../deps.ts';
import { AppError } from '../../errors.ts';

/** The model a frontend picks to ask every source; `grounded/<source>` asks one. */
export const ALL_SOURCES_MODEL = 'grounded';
export const sourceModelId = (source: string): string => `${ALL_SOURCES_MODEL}/${source}`;

export type ModelEntry = { id: string; sources: string[] | undefined; created_at: string | undefined };

/** Every model a frontend can pick, derived from the sources in the store (so a new ingest shows up at once). */
export async function listModels(deps: Pick<Deps, 'store'>): Promise<ModelEntry[]> {
  const sources = await deps.store.listSources();
  const earliest = sources.map((s) => s.created_at).sort()[0];
  return [
    { id: ALL_SOURCES_MODEL, sources: undefined, created_at: earliest },
    ...sources.map((s) => ({ id: sourceModelId(s.name), sources: [s.name], created_at: s.created_at })),
  ];
}

/** Look a model up; an unknown one is a 404 that says which models exist. */
export async function findModel(deps: Pick<Deps, 'store'>, model: string): Promise<ModelEntry> {
  const models = await listModels(deps);
  const found = models.find((m) => m.id === model);
  if (found) return found;
  throw new AppError(
    'unknown_model',
    `The model ${JSON.stringify(model)} does not exist. Available: ${models.map((m) => m.id).join(', ')}`,
    { field: 'model' },
  );
}
