import zlib from 'node:zlib';
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

/**
 * The parts of a file that can carry text: scanning compressed image data or PDF streams for
 * markup would refuse good files by chance (random bytes spell "<svg" now and then).
 */
function textBearingParts(format: string, bytes: Buffer): string[] {
  if (format === 'jpg' || format === 'jpeg') {
    const parts: string[] = [];
    let i = 2;
    // Marker segments up to the start of the scan: APPn (Exif, XMP), COM, tables.
    while (i + 4 <= bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1]!;
      if (marker === 0xda) break;
      const length = bytes.readUInt16BE(i + 2);
      parts.push(bytes.subarray(i + 4, i + 2 + length).toString('latin1'));
      i += 2 + length;
    }
    const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
    if (end >= 0) parts.push(bytes.subarray(end + 2).toString('latin1'));
    return parts;
  }
  if (format === 'png') {
    const parts: string[] = [];
    let i = 8;
    while (i + 12 <= bytes.length) {
      const length = bytes.readUInt32BE(i);
      const type = bytes.subarray(i + 4, i + 8).toString('latin1');
      if (type !== 'IDAT') parts.push(bytes.subarray(i + 8, i + 8 + length).toString('latin1'));
      i += 12 + length;
      if (type === 'IEND') break;
    }
    parts.push(bytes.subarray(i).toString('latin1'));
    return parts;
  }
  if (format === 'pdf') {
    const text = bytes.toString('latin1');
    const outside = text.replace(/stream\r?\n[\s\S]*?endstream/g, 'stream endstream');
    return [outside];
  }
  return [bytes.toString('latin1')];
}

const isMostlyText = (s: string) => {
  const sample = s.slice(0, 2048);
  let printable = 0;
  for (let i = 0; i < sample.length; i++) {
    const c = sample.charCodeAt(i);
    if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) printable++;
  }
  return sample.length > 0 && printable / sample.length > 0.95;
};

/**
 * PDF stream bodies that hold PDF syntax (object streams, deflated or plain), so actions hidden
 * there are seen; binary streams (images, fonts) are left alone.
 */
function pdfStreamTexts(bytes: Buffer): string[] {
  const text = bytes.toString('latin1');
  const out: string[] = [];
  for (const m of text.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    const body = m[1]!;
    try {
      out.push(zlib.inflateSync(Buffer.from(body, 'latin1')).toString('latin1'));
    } catch {
      if (isMostlyText(body)) out.push(body);
    }
  }
  return out.filter(isMostlyText);
}

/** Checks that the bytes are really the declared format and harmless to serve. */
export async function inspectFile(format: string, bytes: Buffer): Promise<{ contentType: string }> {
  if (bytes.length === 0) throw new AppError('VALIDATION_ERROR', 'The file is empty');
  if (bytes.length > UPLOAD_MAX_FILE_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than 25 MB');
  const expected = SIGNATURES[format];
  if (!expected) throw refuse(`Files of type .${format} are not accepted`);
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
  const parts = textBearingParts(format, bytes);
  if (parts.some((p) => MARKUP.test(p))) throw refuse('The file contains markup or script');
  if (format === 'pdf' && [...parts, ...pdfStreamTexts(bytes)].some((p) => PDF_ACTIONS.test(p))) {
    throw refuse('PDF files with scripts or actions are not accepted');
  }

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
