import { fileTypeFromBuffer } from 'file-type';
import { UPLOAD_MAX_FILE_BYTES } from '@portal/domain/constants';
import { headFitsFormat, isImageTooLarge, readImageSize } from '@portal/domain/file-header';
import { AppError } from '../../errors';
import { jpegEnd, makePreview, pngEnd } from './image-preview';
import { PdfNotInspectable, scanPdf } from './pdf-scan';

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
// Literal alternatives without nested repetition: the match is linear in the text's length.
const MARKUP = /<(script|html|svg|iframe|object|embed|body|\?php)\b|<!doctype\s+html|javascript:/i;

export type InspectionLimits = {
  /** Decompressed bytes a PDF may expand to while its streams are read. */
  maxInflatedBytes: number;
};

const refuse = (message: string) => new AppError('UNSUPPORTED_FILE_TYPE', message);

/**
 * The parts of an image that can carry text: scanning compressed image data for markup would
 * refuse good files by chance (random bytes spell "<svg" now and then).
 */
function imageTextParts(format: string, bytes: Buffer): string[] {
  if (format === 'jpg' || format === 'jpeg') {
    const parts: string[] = [];
    let i = 2;
    // Marker segments up to the start of the scan: APPn (Exif, XMP), COM, tables.
    while (i + 4 <= bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1]!;
      if (marker === 0xda) break;
      const length = bytes.readUInt16BE(i + 2);
      parts.push(bytes.toString('latin1', i + 4, i + 2 + length));
      i += 2 + Math.max(length, 2);
    }
    const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
    if (end >= 0) parts.push(bytes.toString('latin1', end + 2));
    return parts;
  }
  const parts: string[] = [];
  let i = 8;
  while (i + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(i);
    const type = bytes.toString('latin1', i + 4, i + 8);
    if (type !== 'IDAT') parts.push(bytes.toString('latin1', i + 8, Math.min(bytes.length, i + 8 + length)));
    i += 12 + length;
    if (type === 'IEND') break;
  }
  if (i < bytes.length) parts.push(bytes.toString('latin1', i));
  return parts;
}

/**
 * Checks that the bytes are really the declared format and harmless to serve. Every step is linear
 * in the file's size and decompression is capped; it runs in an inspection worker, which bounds
 * its time and memory as well.
 */
export type Inspected = {
  contentType: string;
  /** The bytes to keep, when fewer than were sent: whatever followed an image's end marker is dropped. */
  length?: number;
  /** A photo's bounded JPEG preview, which the report embeds instead of the original. */
  preview?: Uint8Array;
};

export async function inspectFile(format: string, bytes: Buffer, limits: InspectionLimits): Promise<Inspected> {
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty');
  if (bytes.length > UPLOAD_MAX_FILE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 25 MB');
  const expected = SIGNATURES[format];
  if (!expected) throw refuse(`Files of type .${format} are not accepted`);
  // The rule the picker applies too: the first bytes must be what the name says.
  if (!headFitsFormat(format, bytes, true)) throw refuse(`The file content is not .${format}`);

  if (format === 'jpg' || format === 'jpeg' || format === 'png') {
    // Before anything else reads the image: its header alone decides whether it may be decoded anywhere.
    const size = readImageSize(bytes);
    if (typeof size === 'string') throw refuse('The image header cannot be read');
    if (size.width <= 0 || size.height <= 0) throw refuse('The image has no dimensions');
    if (isImageTooLarge(size)) throw new AppError('IMAGE_TOO_LARGE', `The image claims ${size.width} x ${size.height} pixels, more than allowed`);
  }

  const detected = await fileTypeFromBuffer(bytes);
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
  if (format === 'pdf') {
    let scan: ReturnType<typeof scanPdf>;
    try {
      scan = scanPdf(bytes, { maxInflatedBytes: limits.maxInflatedBytes });
    } catch (error) {
      if (error instanceof PdfNotInspectable) throw new AppError('FILE_NOT_INSPECTABLE', error.message);
      throw error;
    }
    if (scan.action) throw refuse('PDF files with scripts or actions are not accepted');
    if (scan.outside.some(([start, end]) => MARKUP.test(bytes.toString('latin1', start, end)))) throw refuse('The file contains markup or script');
  } else if (format === 'jpg' || format === 'jpeg' || format === 'png') {
    if (imageTextParts(format, bytes).some((p) => MARKUP.test(p))) throw refuse('The file contains markup or script');
    const end = format === 'png' ? pngEnd(bytes) : jpegEnd(bytes);
    if (end === null) throw refuse('The image has no end: the file is cut off or not an image');
    // Bytes after the end marker are no part of the image (a phone's trailer, or padding): they are
    // not stored, and nothing after this reads them.
    const image = bytes.subarray(0, end);
    let preview: Buffer;
    try {
      preview = await makePreview(image);
    } catch {
      throw refuse('The image cannot be decoded');
    }
    return { contentType: detected.mime, preview, ...(end < bytes.length ? { length: end } : {}) };
  } else if (MARKUP.test(bytes.toString('latin1'))) {
    throw refuse('The file contains markup or script');
  }
  return { contentType: detected.mime };
}
