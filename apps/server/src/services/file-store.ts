import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Env } from '../env';

/** Where upload bytes live when not in the database: any S3-compatible object store. */
export interface FileStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer>;
  delete(key: string): Promise<void>;
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
