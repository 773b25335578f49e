import { z } from 'zod';
import { AppError } from '../errors.ts';
import type { AccessScope } from '../store/index.ts';
import { validateSourceName } from '../store/web.ts';

const SourceNames = z.array(
  z.string().refine((s) => {
    try {
      validateSourceName(s);
      return true;
    } catch {
      return false;
    }
  }, 'not a source name (1-64 letters, digits, - or _)'),
);

const Entry = z
  .object({
    key: z.string().min(8, 'keys must be at least 8 characters').optional(),
    key_sha256: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'key_sha256 is the hex SHA-256 of the key (64 hex digits)')
      .optional(),
    name: z.string().regex(/^[\w.@-]{1,64}$/, 'name: 1-64 letters, digits, _ . @ or -'),
    role: z.enum(['admin', 'writer', 'reader']),
    sources: z.union([z.literal('*'), SourceNames]).optional(),
  })
  .strict()
  .refine((e) => (e.key === undefined) !== (e.key_sha256 === undefined), 'give exactly one of key and key_sha256')
  .refine(
    (e) => e.role === 'admin' || e.sources !== undefined,
    'writer and reader keys name their sources ("*" for all)',
  )
  .refine(
    (e) => e.role !== 'admin' || e.sources === undefined || e.sources === '*',
    'admin keys read every source: use "*"',
  );
export const KeysFile = z.array(Entry).min(1, 'list at least one key');

type Known = { scope: AccessScope; digest: Uint8Array };

const sha256 = async (s: string) => new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(s)));
const fromHex = (hex: string) => Uint8Array.from(hex.match(/../g)!.map((b) => Number.parseInt(b, 16)));

/**
 * The API keys the server accepts and what each may do. Keys are kept as SHA-256 digests and a presented key is
 * compared with every one in full, so neither memory nor timing tells which key matched or where a wrong one differs.
 */
export class KeyRing {
  private constructor(
    private readonly known: readonly Known[],
    /** Keys given in plain text (never logged; redacted from traces). */
    readonly secrets: readonly string[],
  ) {}

  /** No keys: the API is open and every caller reads everything. */
  get open(): boolean {
    return this.known.length === 0;
  }

  /**
   * `GROUNDED_API_KEYS` (each an admin key) and the entries of `GROUNDED_API_KEYS_FILE` (its text, `file` naming it in
   * errors). An invalid file stops the server with the entry and what to fix.
   */
  static async from(plain: readonly string[], fileText?: string, file = 'GROUNDED_API_KEYS_FILE'): Promise<KeyRing> {
    const known: Known[] = [];
    const secrets = [...plain];
    for (const [i, key] of plain.entries())
      known.push({ scope: { key: `key-${i + 1}`, role: 'admin', sources: '*' }, digest: await sha256(key) });
    if (fileText !== undefined) {
      let raw: unknown;
      try {
        raw = JSON.parse(fileText);
      } catch (e) {
        throw new AppError('config', `${file}: not valid JSON (${(e as Error).message})`);
      }
      const r = KeysFile.safeParse(raw);
      if (!r.success) {
        const i = r.error.issues[0]!;
        const at =
          typeof i.path[0] === 'number'
            ? `entry ${i.path[0] + 1}${i.path.length > 1 ? ` ${i.path.slice(1).join('.')}` : ''}`
            : 'the file';
        throw new AppError(
          'config',
          `${file}: ${at}: ${i.message}; expected [{"key" or "key_sha256", "name", "role": "admin"|"writer"|"reader", "sources": ["a"] or "*"}]`,
        );
      }
      for (const e of r.data) {
        if (known.some((k) => k.scope.key === e.name))
          throw new AppError('config', `${file}: the name ${JSON.stringify(e.name)} is used twice`);
        if (e.key) secrets.push(e.key);
        const digest = e.key ? await sha256(e.key) : fromHex(e.key_sha256!);
        known.push({ scope: { key: e.name, role: e.role, sources: e.sources ?? '*' }, digest });
      }
    }
    return new KeyRing(known, secrets);
  }

  /** The scope of a presented key, or undefined when it is not one of ours. */
  async lookup(presented: string): Promise<AccessScope | undefined> {
    const d = await sha256(presented);
    let found: AccessScope | undefined;
    for (const k of this.known) {
      let diff = 0;
      for (let i = 0; i < d.length; i++) diff |= d[i]! ^ k.digest[i]!;
      if (diff === 0 && !found) found = k.scope;
    }
    return found;
  }
}
