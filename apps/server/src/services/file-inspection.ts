import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { UPLOAD_MAX_FILE_BYTES } from '@portal/domain/constants';
import { AppError } from '../errors';

/** Larger images would flood memory when a viewer decodes them. */
export const MAX_IMAGE_PIXELS = 80_000_000;
export const MAX_IMAGE_SIDE = 20_000;

/** What file-type calls each format we accept; text formats have no signature. */
const SIGNATURES: Record<string, string[] | 'text'> = {
  jpg: ['jpg'],
  jpeg: ['jpg'],
  png: ['png'],
  pdf: ['pdf'],
  docx: ['docx'],
  xlsx: ['xlsx'],
  doc: ['cfb'],
  xls: ['cfb'],
  txt: 'text',
  csv: 'text',
};

// Markup or script anywhere in a file means it could run if a browser ever rendered it.
const MARKUP = /<(script|html|svg|iframe|object|embed|body|\?php)\b|<!doctype\s+html|javascript:/i;
// PDF actions that run code or open other programs.
const PDF_ACTIONS = /\/(JavaScript|JS|Launch|EmbeddedFile|SubmitForm|ImportData)\b/;

const refuse = (message: string) => new AppError('UNSUPPORTED_FILE_TYPE', message);

/** Checks that the bytes are really the declared format and harmless to serve. */
export async function inspectFile(format: string, bytes: Buffer): Promise<{ contentType: string }> {
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty');
  if (bytes.length > UPLOAD_MAX_FILE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 25 MB');
  const expected = SIGNATURES[format];
  if (!expected) throw refuse(`Files of type .${format} are not accepted`);
  const detected = await fileTypeFromBuffer(bytes);
  const latin1 = bytes.toString('latin1');

  if (expected === 'text') {
    if (detected) throw refuse(`The file is a ${detected.ext} file, not .${format}`);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      throw refuse('The text file is not valid UTF-8 text');
    }
    if (text.includes('\u0000')) throw refuse('The text file contains binary data');
    if (MARKUP.test(text)) throw refuse('The text file contains markup or script');
    return { contentType: format === 'csv' ? 'text/csv; charset=utf-8' : 'text/plain; charset=utf-8' };
  }

  if (!detected || !expected.includes(detected.ext)) {
    throw refuse(`The file content is ${detected ? detected.ext : 'unknown'}, not .${format}`);
  }
  if (MARKUP.test(latin1)) throw refuse('The file contains markup or script');
  if (format === 'pdf' && PDF_ACTIONS.test(latin1)) throw refuse('PDF files with scripts or actions are not accepted');

  if (format === 'jpg' || format === 'jpeg' || format === 'png') {
    let size: { width?: number; height?: number };
    try {
      size = imageSize(bytes);
    } catch {
      throw refuse('The image header cannot be read');
    }
    const { width = 0, height = 0 } = size;
    if (width <= 0 || height <= 0) throw refuse('The image has no dimensions');
    if (width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS) {
      throw new AppError('IMAGE_TOO_LARGE', `The image claims ${width} x ${height} pixels, more than allowed`);
    }
  }
  return { contentType: detected.mime };
}
