import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answeringFileStore, createS3FileStore, type FileStore } from '../../services/uploads/file-store';
import { objectDeletionsPlugin } from './object-deletions';

declare module 'fastify' {
  interface FastifyInstance {
    /** The object store of upload bytes (S3_*), or null when they live in the database. */
    fileStore: FileStore | null;
  }
}

/** Where upload bytes live: S3 when S3_* is set, else the database; queued object deletions retried. */
export const fileStorePlugin = fp(async (app: FastifyInstance) => {
  app.decorate('fileStore', app.env.s3 ? answeringFileStore(createS3FileStore(app.env.s3)) : null);
  await app.register(objectDeletionsPlugin, { intervalMs: app.env.objectDeletionIntervalMs });
});
