import { FILE_HEAD_BYTES, headFitsFormat, isImageTooLarge, readImageSize } from '@portal/domain/file-header';
import { IMAGE_FORMATS } from '@portal/domain/upload-rules';

/** Why a picked file's content is refused before anything is shown or decoded. */
export type ContentProblem = 'invalidFileType' | 'imageTooLarge' | 'unreadable';

const isImage = (format: string) => (IMAGE_FORMATS as readonly string[]).includes(format);

async function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Uint8Array(await blob.arrayBuffer());
}

/**
 * Reads a picked file's first bytes by the rules the server applies: the content must be what the
 * name says, and a photo's header must not declare more pixels than a browser can hold. Nothing
 * is decoded; only when a JPEG's header lies beyond the first 64 KB is more of the file read.
 */
export async function checkFileContent(file: Blob, format: string): Promise<ContentProblem | null> {
  let head: Uint8Array;
  try {
    head = await bytesOf(file.slice(0, FILE_HEAD_BYTES));
  } catch {
    return 'unreadable';
  }
  const isWholeFile = head.length >= file.size;
  if (!headFitsFormat(format, head, isWholeFile)) return 'invalidFileType';
  if (!isImage(format)) return null;
  let size = readImageSize(head);
  if (size === 'incomplete' && !isWholeFile) {
    try {
      size = readImageSize(await bytesOf(file));
    } catch {
      return 'unreadable';
    }
  }
  if (typeof size === 'string') return 'unreadable';
  return isImageTooLarge(size) ? 'imageTooLarge' : null;
}
