import { z } from 'zod';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES_PER_SLOT } from './constants';

/** The slots of the uploads tab; the other types of SPEC §3 are kept for older records. */
export const UPLOAD_SLOTS = ['pvModules', 'telematics-mcu', 'other'] as const;
export const UPLOAD_TYPES = ['pvModules', 'chargeControllerPosition', 'telematics-mcu', 'battery', 'relay', 'other'] as const;
export type UploadSlot = (typeof UPLOAD_SLOTS)[number];
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const REQUIRED_UPLOAD_SLOTS: readonly UploadSlot[] = ['pvModules', 'telematics-mcu'];

export const IMAGE_FORMATS = ['jpg', 'jpeg', 'png'] as const;
export const DOCUMENT_FORMATS = ['doc', 'docx', 'pdf', 'txt', 'xlsx', 'xls', 'csv'] as const;
/** Formats shown with a thumbnail. */
export const THUMBNAIL_FORMATS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'svg'] as const;

export const MIME_TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  txt: 'text/plain',
  csv: 'text/csv',
};

export function allowedFormats(slot: UploadType): readonly string[] {
  return slot === 'other' ? [...IMAGE_FORMATS, ...DOCUMENT_FORMATS] : IMAGE_FORMATS;
}

/** The extension of a file name, lower case, or null. */
export function formatOf(name: string): string | null {
  const match = /\.([a-z0-9]{1,5})$/i.exec(name.trim());
  return match ? match[1]!.toLowerCase() : null;
}

export type UploadProblem = 'invalidFileType' | 'emptyFile' | 'invalidFileSize' | 'maxFiles';

/** What the picker and the server both check before a file is accepted into a slot. */
export function checkUpload(slot: UploadType, file: { name: string; size: number; mimeType?: string }, filesInSlot: number): UploadProblem | null {
  const format = formatOf(file.name);
  if (!format || !allowedFormats(slot).includes(format)) return 'invalidFileType';
  if (file.mimeType !== undefined) {
    // A browser that knows no type for a file sends ''; such a file is refused (SPEC §5).
    if (file.mimeType === '') return 'invalidFileType';
    const expected = MIME_TYPES[format];
    const sameFamily = expected === file.mimeType || (format === 'csv' && ['text/plain', 'application/vnd.ms-excel', 'text/x-csv', 'application/csv'].includes(file.mimeType));
    if (!sameFamily) return 'invalidFileType';
  }
  if (file.size <= 0) return 'emptyFile';
  if (file.size > UPLOAD_MAX_FILE_BYTES) return 'invalidFileSize';
  if (filesInSlot >= UPLOAD_MAX_FILES_PER_SLOT) return 'maxFiles';
  return null;
}

/** Size as shown to the installer: MB with two decimals, from KB/1024. */
/** SPEC §9: sizes are shown in MB (KB/1024), with two decimals in the interface's number format. */
export const sizeMb = (sizeKilobytes: number) => sizeKilobytes / 1024;
export const SIZE_MB_FRACTION_DIGITS = 2;

/** The required slots that still hold no file. */
export const missingRequiredSlots = (uploads: readonly { type: string }[]) =>
  REQUIRED_UPLOAD_SLOTS.filter((slot) => !uploads.some((u) => u.type === slot));

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
