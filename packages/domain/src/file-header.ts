/**
 * What the first bytes of a file say about it: the picker and the server read the same rules, so a
 * file that is not what its name says is refused at once on the device, and again on the server.
 */

/** Enough of a file for its signature and, for nearly every photo, its dimensions. */
export const FILE_HEAD_BYTES = 64 * 1024;

/** A decoded photo over this many pixels would flood the memory of the browser that shows it. */
export const MAX_IMAGE_PIXELS = 50_000_000;
/** Longer sides than this are refused as well: browsers cannot draw them. */
export const MAX_IMAGE_SIDE = 20_000;

const bytesOf = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

const JPEG = bytesOf(0xff, 0xd8, 0xff);
const PNG = bytesOf(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const PDF = ascii('%PDF-');
const ZIP = bytesOf(0x50, 0x4b, 0x03, 0x04);
const CFB = bytesOf(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1);

/** The leading bytes each format must start with; text formats have none (they must read as text). */
const SIGNATURES: Record<string, Uint8Array | 'text'> = {
  jpg: JPEG,
  jpeg: JPEG,
  png: PNG,
  pdf: PDF,
  docx: ZIP,
  xlsx: ZIP,
  doc: CFB,
  xls: CFB,
  txt: 'text',
  csv: 'text',
};

const startsWith = (bytes: Uint8Array, prefix: Uint8Array) => bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);

/** Binary signatures a text file must not start with (an executable renamed .txt is not text). */
const BINARY = [JPEG, PNG, PDF, ZIP, CFB, ascii('MZ'), bytesOf(0x7f, 0x45, 0x4c, 0x46), ascii('GIF8'), bytesOf(0x1f, 0x8b)];

/** Whether bytes are well-formed UTF-8 (RFC 3629); `mayBeCut` accepts a character cut off at the end. */
export function isUtf8(bytes: Uint8Array, mayBeCut = false): boolean {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return false;
    if (i + need >= bytes.length) {
      // The bytes end inside this character.
      if (!mayBeCut) return false;
      for (let k = i + 1; k < bytes.length; k++) if ((bytes[k]! & 0xc0) !== 0x80) return false;
      return true;
    }
    let code = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k]!;
      if ((c & 0xc0) !== 0x80) return false;
      code = (code << 6) | (c & 0x3f);
    }
    if (code < min || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return false;
    i += need + 1;
  }
  return true;
}

/** Whether the start of a file reads as text: no binary signature, no NUL byte, UTF-8. */
function readsAsText(head: Uint8Array, isWholeFile: boolean): boolean {
  if (BINARY.some((signature) => startsWith(head, signature))) return false;
  if (head.includes(0)) return false;
  return isUtf8(head, !isWholeFile);
}

/**
 * Whether a file's first bytes fit the format its name gives: the signature of a binary format, or
 * UTF-8 text without binary data for .txt and .csv. `isWholeFile` says the head is the whole file.
 */
export function headFitsFormat(format: string, head: Uint8Array, isWholeFile = false): boolean {
  const signature = SIGNATURES[format.toLowerCase()];
  if (!signature) return false;
  if (signature === 'text') return readsAsText(head, isWholeFile);
  return startsWith(head, signature);
}

export type ImageSize = { width: number; height: number };

/**
 * The dimensions a PNG or JPEG declares in its header, read without decoding any pixel:
 * 'incomplete' when the bytes end before the header does (read more of the file), 'invalid' when
 * the header is broken.
 */
export function readImageSize(bytes: Uint8Array): ImageSize | 'incomplete' | 'invalid' {
  const u16 = (i: number) => (bytes[i]! << 8) | bytes[i + 1]!;
  const u32 = (i: number) => ((bytes[i]! << 24) >>> 0) + (bytes[i + 1]! << 16) + (bytes[i + 2]! << 8) + bytes[i + 3]!;
  if (startsWith(bytes, PNG)) {
    if (bytes.length < 24) return 'incomplete';
    if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return 'invalid';
    return { width: u32(16), height: u32(20) };
  }
  if (startsWith(bytes, JPEG)) {
    // Marker segments up to the frame header (SOFn), which holds the dimensions.
    let i = 2;
    for (;;) {
      if (i + 4 > bytes.length) return 'incomplete';
      if (bytes[i] !== 0xff) return 'invalid';
      const marker = bytes[i + 1]!;
      if (marker === 0xff) {
        i += 1; // fill byte
        continue;
      }
      if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      if (marker === 0xd9 || marker === 0xda) return 'invalid';
      const length = u16(i + 2);
      if (length < 2) return 'invalid';
      const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) {
        if (i + 9 > bytes.length) return 'incomplete';
        return { width: u16(i + 7), height: u16(i + 5) };
      }
      i += 2 + length;
    }
  }
  return 'invalid';
}

/** Whether an image of these dimensions is refused before it is ever decoded. */
export const isImageTooLarge = ({ width, height }: ImageSize) => width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE || width * height > MAX_IMAGE_PIXELS;
