import { z } from 'zod';
import { UPLOAD_MAX_FILES_PER_SLOT } from './constants';
import { UPLOAD_SLOTS, UPLOAD_TYPES } from './upload-rules';

export * from './upload-rules';

const DATA_URL = /^data:([a-z0-9.+/-]*)(;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

export const NewUploadSchema = z.object({
  type: z.enum(UPLOAD_TYPES),
  name: z.string().trim().min(1).max(200),
  format: z.string().trim().toLowerCase().max(5).optional(),
  sizeKilobytes: z.number().min(0).optional(),
  /** The file as a base64 data URL. */
  file: z.string().regex(DATA_URL, 'file must be a base64 data URL'),
});
export type NewUpload = z.infer<typeof NewUploadSchema>;

export const SaveUploadsSchema = z.array(NewUploadSchema).min(1).max(UPLOAD_MAX_FILES_PER_SLOT * UPLOAD_SLOTS.length);
export const DeleteUploadsSchema = z.object({ ids: z.array(z.number().int().positive()).min(1).max(100) });

export const UploadSchema = z.object({
  id: z.number().int(),
  type: z.enum(UPLOAD_TYPES),
  format: z.string(),
  name: z.string(),
  sizeKilobytes: z.number(),
  sha256: z.string(),
  createdAt: z.string(),
  /** Where the file can be downloaded (Bearer token required). */
  url: z.string(),
  /** The file as a data URL; present in the answer to a save, and in lists only when asked for. */
  file: z.string().optional(),
});
export type Upload = z.infer<typeof UploadSchema>;

/** The uploads of an installation (`GET`), and those a `POST` stored. */
export const UploadListSchema = z.array(UploadSchema);

/** Answer of `DELETE /api/installations/{id}/uploads`: the ids that were deleted. */
export const DeletedUploadsSchema = z.object({ deleted: z.array(z.number().int()) });

/** Parses a data URL into its declared media type and bytes. */
export function parseDataUrl(dataUrl: string): { mediaType: string; base64: string } | null {
  const m = DATA_URL.exec(dataUrl);
  return m ? { mediaType: (m[1] ?? '').toLowerCase(), base64: m[3]! } : null;
}

/**
 * The declared media type and the base64 of a data URL that NewUploadSchema has validated: only its
 * head is read again, not the megabytes of base64 after it.
 */
export function validatedDataUrlParts(dataUrl: string): { mediaType: string; base64: string } {
  const comma = dataUrl.indexOf(',');
  return { mediaType: dataUrl.slice(5, dataUrl.indexOf(';')).toLowerCase(), base64: dataUrl.slice(comma + 1) };
}

/** Decoded size of base64 text without decoding it. */
export const base64DecodedBytes = (base64: string) => Math.floor((base64.length * 3) / 4) - (base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0);
