import type { TFunction } from '@/lib/i18n';
import { UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES_PER_SLOT } from '@portal/domain/constants';
import { MAX_IMAGE_PIXELS } from '@portal/domain/file-header';
import { MIME_TYPES, type UploadProblem, type UploadSlot } from '@portal/domain/upload-rules';
import { isApiError } from '@/lib/api-error';
import type { ImageProblem } from './image-problem';

/** Why a file is not in its slot: the domain's checks, a refusal of the server, or a photo that cannot be compressed. */
export type FileProblem = UploadProblem | ImageProblem | 'imageTooLarge' | 'notInspectable' | 'refused';

/** The server's refusal of one file, or null when the request failed for another reason (offline, server error). */
export function uploadProblemOf(error: unknown): FileProblem | null {
  if (!isApiError(error) || error.isNetworkError || error.status >= 500) return null;
  switch (error.code) {
    case 'UNSUPPORTED_FILE_TYPE':
    case 'UNSUPPORTED_MEDIA_TYPE':
      return 'invalidFileType';
    case 'PAYLOAD_TOO_LARGE':
      return 'invalidFileSize';
    case 'IMAGE_TOO_LARGE':
      return 'imageTooLarge';
    case 'FILE_NOT_INSPECTABLE':
      return 'notInspectable';
    case 'MAX_FILES':
      return 'maxFiles';
    case 'INSTALLATION_COMPLETED':
    case 'UNAUTHORIZED':
    case 'RATE_LIMITED':
      return null;
    default:
      return 'refused';
  }
}

const FORM_ERRORS: readonly FileProblem[] = ['invalidFileType', 'emptyFile', 'invalidFileSize', 'maxFiles', 'imageTooLarge'];

/** The message shown next to a file (SPEC §8 upload and image messages). */
export function fileProblemMessage(t: TFunction, problem: FileProblem): string {
  if (FORM_ERRORS.includes(problem)) {
    return t(`solar.errors.formErrors.${problem as 'maxFiles'}`, {
      maxMb: UPLOAD_MAX_FILE_BYTES / 1024 / 1024,
      max: UPLOAD_MAX_FILES_PER_SLOT,
      maxMegapixels: MAX_IMAGE_PIXELS / 1_000_000,
    });
  }
  return t(`wizard.uploads.problems.${problem as 'refused'}`);
}

/** The locale key of a slot ('telematics-mcu' is not a valid key segment for the type-safe t()). */
export const slotKey = (slot: UploadSlot) => (slot === 'telematics-mcu' ? 'telematicsMcu' : slot);

/** KB as the server counts them, two decimals. */
export const toKilobytes = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

/**
 * The file as the base64 data URL the API takes, declared with the type its extension stands for
 * (a browser may know no type for a file, or call a CSV an Excel sheet).
 */
export function readAsDataUrl(blob: Blob, format: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const result = String(reader.result);
      const comma = result.indexOf(',');
      resolve(`data:${MIME_TYPES[format] ?? (blob.type || 'application/octet-stream')};base64,${result.slice(comma + 1)}`);
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** The picker's `accept`: extensions and their types. It only filters the picker; the domain checks every file. */
export function pickerAccept(formats: readonly string[]): string {
  const types = new Set(formats.flatMap((format) => [`.${format}`, MIME_TYPES[format] ?? []].flat()));
  return [...types].join(',');
}
