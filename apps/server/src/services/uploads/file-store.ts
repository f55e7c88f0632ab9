import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../../env';
import { AppError } from '../../errors';

/** Where upload bytes live when not in the database: any S3-compatible object store. */
export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
  /** Every key under a prefix. */
  list(prefix: string): Promise<string[]>;
  /** Resolves when the bucket exists and the credentials are accepted; otherwise names what is wrong. */
  check(): Promise<void>;
}

/** The object store can't be used as configured; the message names the variable to fix. */
export class FileStoreError extends Error {}

export function createS3FileStore(config: NonNullable<Env['s3']>): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  return {
    async put(key, bytes, contentType) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: key, Body: bytes, ContentType: contentType, ContentLength: bytes.length }));
    },
    async get(key) {
      const res = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: key }));
      return Buffer.from(await res.Body!.transformToByteArray());
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: key }));
    },
    async list(prefix) {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: config.bucket, Prefix: prefix, ContinuationToken: token }));
        for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key);
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys;
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: config.bucket }), { abortSignal: AbortSignal.timeout(5000) });
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404) throw new FileStoreError(`S3_BUCKET: the bucket ${config.bucket} does not exist at ${config.endpoint ?? 'AWS'}`);
        if (status === 401 || status === 403) {
          throw new FileStoreError(`S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY: the object store refused the credentials for bucket ${config.bucket}`);
        }
        throw new FileStoreError(`S3_ENDPOINT: the object store at ${config.endpoint ?? 'AWS'} is not reachable (${(error as Error).message})`);
      }
    },
  };
}

/** Content-addressed: a retried upload of the same file writes the same object again. */
export const uploadObjectKey = (installationId: number, sha256: string) => `installations/${installationId}/${sha256}`;

/**
 * The store as the routes use it: a store that is down or refuses answers 503 with Retry-After
 * (the error handler adds it), a missing object 404, never a 500.
 */
export function answeringFileStore(store: FileStore): FileStore {
  const unavailable = (error: unknown): never => {
    if (error instanceof AppError) throw error;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const name = (error as { name?: string }).name;
    if (status === 404 || name === 'NoSuchKey') throw new AppError('NOT_FOUND', 'The file is missing from the object store');
    throw new AppError('SERVICE_UNAVAILABLE', 'The file store is not reachable. Please try again in a moment.');
  };
  return {
    put: (key, bytes, contentType) => store.put(key, bytes, contentType).catch(unavailable),
    get: (key) => store.get(key).catch(unavailable),
    delete: (key) => store.delete(key).catch(unavailable),
    list: (prefix) => store.list(prefix).catch(unavailable),
    check: () => store.check(),
  };
}
