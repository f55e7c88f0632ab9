import { createHash } from 'node:crypto';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES_PER_SLOT } from '@portal/domain/constants';
import { allowedFormats, base64DecodedBytes, checkUpload, formatOf, validatedDataUrlParts, type NewUpload, type Upload } from '@portal/domain/upload';
import type { Db } from '../../db/client';
import { upload } from '../../db/schema';
import { AppError } from '../../errors';
import { assertDraft, findScopedInstallation } from '../installations/repository';
import type { Inspector } from './inspection-pool';
import { uploadObjectKey, type FileStore } from './file-store';
import { recordHistory } from '../reports/history';
import { cancelObjectDeletions, processObjectDeletions, queueUnreferencedObjects } from './object-deletions';

type UploadRow = typeof upload.$inferSelect;

/** Every column but the bytes: a save or a list never reads 25 MB back from the database. */
const UPLOAD_META = {
  id: upload.id,
  installationId: upload.installationId,
  type: upload.type,
  format: upload.format,
  name: upload.name,
  contentType: upload.contentType,
  sizeKb: upload.sizeKb,
  sha256: upload.sha256,
  createdAt: upload.createdAt,
  storageKey: upload.storageKey,
};
type UploadMeta = Omit<UploadRow, 'bytes' | 'preview'>;

export const uploadUrl = (installationId: number, uploadId: number) => `/api/installations/${installationId}/uploads/${uploadId}/file`;

const toUpload = (row: UploadMeta): Upload => ({
  id: row.id,
  type: row.type as Upload['type'],
  format: row.format,
  name: row.name,
  sizeKilobytes: row.sizeKb,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
  url: uploadUrl(row.installationId, row.id),
});

/**
 * The answer to a save as JSON text. The files are data URLs (letters, digits and +/=;:,.-), which
 * JSON never escapes: they are spliced in instead of scanned again by JSON.stringify, which would
 * hold the thread for a quarter of a second per 25 MB file.
 */
export function savedUploadsJson(uploads: Upload[]): string {
  return `[${uploads
    .map(({ file, ...rest }) => {
      const json = JSON.stringify(rest);
      return file === undefined || !/^data:[a-z0-9.+/-]*;base64,/i.test(file) ? JSON.stringify(file === undefined ? rest : { ...rest, file }) : `${json.slice(0, -1)},"file":"${file}"}`;
    })
    .join(',')}]`;
}

export async function listUploads(db: Db, fleetIds: number[], installationId: number): Promise<Upload[]> {
  const row = await findScopedInstallation(db, fleetIds, installationId);
  const rows = await db
    .select(UPLOAD_META)
    .from(upload)
    .where(eq(upload.installationId, row.id))
    .orderBy(asc(upload.id));
  return rows.map((r) => toUpload(r));
}

/** The file as bytes in memory the inspection worker shares with this thread: decoded once, never copied. */
function decodeShared(base64: string): Buffer {
  const bytes = Buffer.from(new SharedArrayBuffer(base64DecodedBytes(base64)));
  return bytes.subarray(0, bytes.write(base64, 'base64'));
}

/** Checks every file, then stores the new ones; a file already in its slot (same sha256) is answered, not stored twice. */
export async function saveUploads(
  db: Db,
  fleetIds: number[],
  installationId: number,
  files: NewUpload[],
  inspector: Inspector,
  store: FileStore | null = null,
  actor: string | null = null,
): Promise<Upload[]> {
  // Cheap checks of every file first: a batch with a bad name costs no decoding.
  const checked = files.map((f) => {
    const format = (f.format ?? formatOf(f.name) ?? '').toLowerCase();
    // The route's schema has checked the data URL as a whole.
    const parsed = validatedDataUrlParts(f.file);
    const size = base64DecodedBytes(parsed.base64);
    if (size > UPLOAD_MAX_FILE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', `${f.name} is larger than 25 MB`);
    if (!allowedFormats(f.type).includes(format) || formatOf(f.name) !== format) {
      throw new AppError('UNSUPPORTED_FILE_TYPE', `${f.name}: .${format} files are not accepted in ${f.type}`);
    }
    const problem = checkUpload(f.type, { name: f.name, size: Math.max(size, 1), mimeType: parsed.mediaType }, 0);
    if (problem === 'invalidFileType') throw new AppError('UNSUPPORTED_FILE_TYPE', `${f.name}: the declared type ${parsed.mediaType || '(none)'} does not fit .${format}`);
    if (size === 0) throw new AppError('VALIDATION_ERROR', `${f.name}: the file is empty`);
    return { f, format, parsed };
  });
  // Inspection runs in worker threads with a time and memory budget, off the thread that answers requests.
  const prepared = await Promise.all(
    checked.map(async ({ f, format, parsed }) => {
      const sent = decodeShared(parsed.base64);
      const { contentType, length, preview } = await inspector.inspect(format, sent);
      // What followed an image's end marker is not kept.
      const bytes = length !== undefined ? sent.subarray(0, length) : sent;
      const sha256 = createHash('sha256').update(bytes).digest('hex');
      return { ...f, format, bytes, trimmed: length !== undefined, contentType, sha256, preview: preview ?? null };
    }),
  );

  // The object store is written before the row that points at it: a row never points at nothing.
  const written: string[] = [];
  if (store) {
    const row = await findScopedInstallation(db, fleetIds, installationId);
    assertDraft(row);
    const keys = prepared.map((f) => uploadObjectKey(row.id, f.sha256));
    // An older deletion of the same content must not take the object this save writes again.
    await cancelObjectDeletions(db, keys);
    for (const [i, f] of prepared.entries()) {
      await store.put(keys[i]!, f.bytes, f.contentType);
      written.push(keys[i]!);
    }
  }

  const saved = await db.transaction(async (tx) => {
    // Lock the installation: concurrent saves count the slots one after the other.
    const row = await findScopedInstallation(tx as Db, fleetIds, installationId, { forUpdate: true });
    assertDraft(row);
    const saved: UploadMeta[] = [];
    for (const f of prepared) {
      const [existing] = await tx
        .select(UPLOAD_META)
        .from(upload)
        .where(and(eq(upload.installationId, row.id), eq(upload.type, f.type), eq(upload.sha256, f.sha256)));
      if (existing) {
        saved.push(existing);
        continue;
      }
      const [inSlot] = await tx
        .select({ n: count() })
        .from(upload)
        .where(and(eq(upload.installationId, row.id), eq(upload.type, f.type)));
      if ((inSlot?.n ?? 0) >= UPLOAD_MAX_FILES_PER_SLOT) {
        throw new AppError('MAX_FILES', `${f.type} already holds ${UPLOAD_MAX_FILES_PER_SLOT} files`, { type: f.type });
      }
      const [created] = await tx
        .insert(upload)
        .values({
          installationId: row.id,
          type: f.type,
          format: f.format,
          name: f.name,
          contentType: f.contentType,
          sizeKb: Math.round((f.bytes.length / 1024) * 100) / 100,
          sha256: f.sha256,
          bytes: store ? null : f.bytes,
          preview: f.preview ? Buffer.from(f.preview) : null,
          storageKey: store ? uploadObjectKey(row.id, f.sha256) : null,
        })
        .returning(UPLOAD_META);
      saved.push(created!);
      await recordHistory(tx as Db, row, actor, 'uploadAdded', [{ field: f.type, newValue: f.name }]);
    }
    return saved;
  }).catch(async (error: unknown) => {
    // Refused after the bytes were written (a full slot, a completed installation): no object stays
    // behind that no row names.
    if (store && written.length) {
      await queueUnreferencedObjects(db, written);
      await processObjectDeletions(db, store).catch(() => {});
    }
    throw error;
  });
  // The answer carries each file as sent: the request's own base64 is reused, not encoded again.
  const bySha = new Map(prepared.map((f) => [f.sha256, f]));
  return saved.map((r) => {
    const sent = bySha.get(r.sha256);
    const upload = toUpload(r);
    if (!sent) return upload;
    const prefix = `data:${r.contentType.split(';')[0]};base64,`;
    if (sent.trimmed) return { ...upload, file: prefix + Buffer.from(sent.bytes).toString('base64') };
    return { ...upload, file: sent.file.startsWith(prefix) ? sent.file : prefix + sent.file.slice(sent.file.indexOf(',') + 1) };
  });
}

export async function deleteUploads(db: Db, fleetIds: number[], installationId: number, ids: number[], store: FileStore | null = null, actor: string | null = null) {
  const deleted = await db.transaction(async (tx) => {
    const row = await findScopedInstallation(tx as Db, fleetIds, installationId, { forUpdate: true });
    assertDraft(row);
    const gone = await tx
      .delete(upload)
      .where(and(eq(upload.installationId, row.id), inArray(upload.id, ids)))
      .returning({ id: upload.id, storageKey: upload.storageKey, type: upload.type, name: upload.name });
    await recordHistory(tx as Db, row, actor, 'uploadRemoved', gone.map((g) => ({ field: g.type, oldValue: g.name })));
    // Objects no row names any more are queued with the deletion of their rows: all or nothing.
    await queueUnreferencedObjects(tx as Db, gone.map((d) => d.storageKey));
    return gone;
  });
  // Deleted at once when the store answers; otherwise the queue tries again later.
  if (store && deleted.some((d) => d.storageKey)) await processObjectDeletions(db, store).catch(() => {});
  return deleted.map((d) => d.id);
}

export async function readUploadFile(db: Db, fleetIds: number[], installationId: number, uploadId: number, store: FileStore | null = null) {
  const row = await findScopedInstallation(db, fleetIds, installationId);
  const [file] = await db
    .select()
    .from(upload)
    .where(and(eq(upload.installationId, row.id), eq(upload.id, uploadId)));
  if (!file) throw new AppError('NOT_FOUND', 'Upload not found');
  if (file.bytes) return { ...file, bytes: file.bytes };
  if (!file.storageKey || !store) throw new AppError('NOT_FOUND', 'Upload not found');
  return { ...file, bytes: await store.get(file.storageKey) };
}
