import { IMAGE_FORMATS, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES_PER_SLOT } from './constants';

// Plain TypeScript, no schema library: the slots, formats and checks of a file, used by the file
// picker, the files waiting on the device and the server. The schemas are in ./upload.

/** The slots of the uploads tab; the other types of SPEC §3 are kept for older records. */
export const UPLOAD_SLOTS = ['pvModules', 'telematics-mcu', 'other'] as const;
export const UPLOAD_TYPES = ['pvModules', 'chargeControllerPosition', 'telematics-mcu', 'battery', 'relay', 'other'] as const;
export type UploadSlot = (typeof UPLOAD_SLOTS)[number];
export type UploadType = (typeof UPLOAD_TYPES)[number];
export const REQUIRED_UPLOAD_SLOTS: readonly UploadSlot[] = ['pvModules', 'telematics-mcu'];

export { IMAGE_FORMATS };
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

/** SPEC §9: sizes are shown in MB (KB/1024), with two decimals in the interface's number format. */
export const sizeMb = (sizeKilobytes: number) => sizeKilobytes / 1024;
export const SIZE_MB_FRACTION_DIGITS = 2;

/** The required slots that still hold no file. */
export const missingRequiredSlots = (uploads: readonly { type: string }[]) =>
  REQUIRED_UPLOAD_SLOTS.filter((slot) => !uploads.some((u) => u.type === slot));
