import { randomUUID } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { Store, type StoreOptions } from '../../src/store/index.ts';
import { tempDir } from './temp-db.ts';

/**
 * Where the multi-node tests keep their store: a temporary directory, or — when GROUNDED_TEST_S3_ENDPOINT is set
 * (npm run test:scale starts a local Ceph RADOS Gateway and sets it) — a fresh bucket on that S3-compatible server.
 */
export type SharedStore = {
  kind: 'dir' | 's3';
  /** A location in it for one database (a folder, or a prefix of the bucket). */
  uri(name: string): string;
  /** What a server or ingest process needs in its environment to open it. */
  env: Record<string, string>;
  /** The same for an in-process Store.open. */
  options: StoreOptions;
};

type Cleanup = { after(fn: () => unknown): void };

export const s3Settings = () => {
  const endpoint = process.env.GROUNDED_TEST_S3_ENDPOINT;
  if (!endpoint) return undefined;
  return {
    endpoint,
    accessKeyId: process.env.AWS_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY ?? '',
    region: process.env.AWS_REGION ?? 'us-east-1',
  };
};

export async function sharedStore(t: Cleanup): Promise<SharedStore> {
  const s3 = s3Settings();
  if (!s3) {
    const { dir } = await tempDir(t, 'grounded-shared-');
    return { kind: 'dir', uri: (name) => `${dir}/${name}`, env: {}, options: {} };
  }
  const bucket = `grounded-${randomUUID().slice(0, 8)}`;
  const aws = new AwsClient({ ...s3, service: 's3' });
  const r = await aws.fetch(`${s3.endpoint}/${bucket}`, { method: 'PUT' });
  if (!r.ok) throw new Error(`cannot create bucket ${bucket} at ${s3.endpoint}: ${r.status} ${await r.text()}`);
  return {
    kind: 's3',
    uri: (name) => `s3://${bucket}/${name}`,
    env: {
      GROUNDED_DB_ENDPOINT: s3.endpoint,
      GROUNDED_DB_REGION: s3.region,
      AWS_ACCESS_KEY_ID: s3.accessKeyId,
      AWS_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    options: {
      storageOptions: {
        endpoint: s3.endpoint,
        region: s3.region,
        allow_http: 'true',
        access_key_id: s3.accessKeyId,
        secret_access_key: s3.secretAccessKey,
      },
    },
  };
}

/** A Store on the shared store (see `sharedStore`) and a scratch directory, closed and removed after the test. */
export async function sharedDb(t: Cleanup) {
  const shared = await sharedStore(t);
  const { dir } = await tempDir(t);
  const uri = shared.uri('db');
  const store = await Store.open(uri, { readConsistencySeconds: 0, ...shared.options });
  t.after(() => store.close());
  return { dir, uri, store, storageOptions: shared.options.storageOptions };
}
