import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeletedUploadsSchema, DeleteUploadsSchema, SaveUploadsSchema, UploadListSchema, type Upload } from '@portal/domain/upload';
import { IdParamsSchema as IdParams, RowIdSchema } from '@portal/domain/ids';
import { createInspector } from '../../../services/uploads/inspection-pool';
import { createUploadGate, UPLOAD_RETRY_AFTER_SECONDS, UploadsBusy } from '../../../services/uploads/upload-gate';
import { currentUser } from '../../../plugins/request-auth';
import { deleteUploads, listUploads, readUploadFile, savedUploadsJson, saveUploads } from '../../../services/uploads/uploads';
import { onInstallation } from './on-installation';

const tags = ['uploads'];
/** One 25 MB file as base64 plus the JSON around it. */
export const UPLOAD_BODY_LIMIT = 36 * 1024 * 1024;

const contentDisposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`;

const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = app.fileStore;
  const inspector = createInspector(app.env.inspection);
  const gate = createUploadGate(app.env.uploads);
  app.addHook('onClose', () => inspector.close());

  app.get(
    '/:id/uploads',
    { schema: onInstallation(tags, 'The uploads of an installation (without their bytes)', { response: { 200: UploadListSchema } }) },
    async (request) => listUploads(app.db, request.fleets.ids, request.params.id),
  );

  app.post(
    '/:id/uploads',
    {
      bodyLimit: UPLOAD_BODY_LIMIT,
      // A bounded number of uploads is read and inspected at once; the others wait before their body is read, or get 503.
      onRequest: async (_request, reply) => {
        try {
          const leave = await gate.enter();
          reply.raw.once('close', leave);
          reply.raw.once('finish', leave);
        } catch (error) {
          if (error instanceof UploadsBusy) reply.header('retry-after', String(UPLOAD_RETRY_AFTER_SECONDS));
          throw error;
        }
      },
      schema: onInstallation(tags, 'Stores uploads given as base64 data URLs; each file is checked by its bytes. A file already in its slot is not stored twice. Answers the saved uploads with their files, or without them with `Prefer: return=minimal`.', {
        body: SaveUploadsSchema,
        response: { 201: UploadListSchema },
      }),
    },
    async (request, reply) => {
      const saved = await saveUploads(app.db, request.fleets.ids, request.params.id, request.body, inspector, store, currentUser(request).userId);
      // `Prefer: return=minimal` (RFC 7240), as the portal's own app sends it: the saved uploads without
      // their bytes, which the client has anyway. Clients that ask for nothing get the files back.
      if (/(^|[,;\s])return=minimal\b/i.test(String(request.headers.prefer ?? ''))) {
        reply.header('preference-applied', 'return=minimal');
        return reply.status(201).send(saved.map(({ file: _file, ...upload }) => upload));
      }
      // JSON text made without scanning the files again (the schema above still describes it); Fastify sends a string as it is.
      return reply.status(201).type('application/json; charset=utf-8').send(savedUploadsJson(saved) as unknown as Upload[]);
    },
  );

  app.delete(
    '/:id/uploads',
    { schema: onInstallation(tags, 'Deletes uploads by id', { body: DeleteUploadsSchema, response: { 200: DeletedUploadsSchema } }) },
    async (request) => ({ deleted: await deleteUploads(app.db, request.fleets.ids, request.params.id, request.body.ids, store, currentUser(request).userId) }),
  );

  app.get(
    '/:id/uploads/:uploadId/file',
    {
      schema: {
        tags,
        summary: 'Downloads one upload (always as an attachment, never rendered in the portal)',
        params: IdParams.extend({ uploadId: RowIdSchema }),
      },
    },
    async (request, reply) => {
      const file = await readUploadFile(app.db, request.fleets.ids, request.params.id, request.params.uploadId, store);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', contentDisposition(file.name))
        .header('cache-control', 'private, max-age=3600')
        .header('etag', `"${file.sha256}"`)
        .send(file.bytes);
    },
  );
};

export default uploadRoutes;
