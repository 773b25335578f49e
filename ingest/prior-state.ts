import type { ManifestEntry, SourceTable } from '../src/store/index.ts';

/** What the source held before this run (after its repair), and which documents a crash left half-written. */
export type PriorState = {
  manifest: Map<string, ManifestEntry>;
  /** Documents whose stored chunk count disagrees with the manifest: re-written even if unchanged. */
  damaged: Set<string>;
};

export async function readPriorState(table: SourceTable | undefined): Promise<PriorState> {
  if (!table) return { manifest: new Map(), damaged: new Set() };
  const [manifest, rows] = await Promise.all([table.manifest(), table.scanChunks(['doc_id'])]);
  const counts = new Map<string, number>();
  for (const r of rows) {
    const id = String(r.doc_id);
    counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  const damaged = new Set(
    [...manifest.values()].filter((e) => (counts.get(e.doc_id) ?? 0) !== e.chunk_ids.length).map((e) => e.doc_id),
  );
  return { manifest, damaged };
}
