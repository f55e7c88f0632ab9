import zlib from 'node:zlib';

/**
 * A single pass over a PDF's bytes that finds the names of actions (scripts, launched programs,
 * forms that send data, actions run on opening), also when they are written with #xx escapes or
 * hidden in compressed object streams. Every byte is looked at a bounded number of times, and
 * decompression stops at a budget: a crafted file cannot make the scan slow or large.
 */

/** Names that make a PDF do something by itself: any of them refuses the file. */
// Plain /URI links stay allowed: they need a click and open in a browser.
const ACTION_NAMES = new Set([
  'OpenAction',
  'AA',
  'Launch',
  'JavaScript',
  'JS',
  'SubmitForm',
  'ImportData',
  'GoToR',
  'GoToE',
  'RichMedia',
  'XFA',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
]);
/** In binary stream data only names this long are looked for: short ones turn up in random bytes. */
const MIN_NAME_IN_BINARY = 6;
/** PDF names are at most 127 bytes; longer runs are read to their end but not kept. */
const MAX_NAME = 127;

export class PdfNotInspectable extends Error {}

export type PdfScan = {
  /** The first action name found, decoded (e.g. JavaScript for /J#61vaScript). */
  action: string | null;
  /** The byte ranges outside stream bodies: the PDF syntax a viewer reads as it is. */
  outside: [number, number][];
};

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const endsName = (b: number) => WHITESPACE.has(b) || DELIMITERS.has(b);

const hexValue = (b: number) => (b >= 0x30 && b <= 0x39 ? b - 0x30 : b >= 0x41 && b <= 0x46 ? b - 0x37 : b >= 0x61 && b <= 0x66 ? b - 0x57 : -1);

/** Reads the name whose solidus is at `start`: its decoded text (null when too long) and where it ends. */
function readName(bytes: Uint8Array, start: number, end: number): { name: string | null; next: number } {
  let i = start + 1;
  let name = '';
  let tooLong = false;
  while (i < end && !endsName(bytes[i]!)) {
    let c = bytes[i]!;
    if (c === 0x23 && i + 2 < end) {
      const hi = hexValue(bytes[i + 1]!);
      const lo = hexValue(bytes[i + 2]!);
      if (hi >= 0 && lo >= 0) {
        c = hi * 16 + lo;
        i += 2;
      }
    }
    if (name.length < MAX_NAME) name += String.fromCharCode(c);
    else tooLong = true;
    i++;
  }
  return { name: tooLong ? null : name, next: i };
}

/** The first action name in a range, looking only at names of at least `minLength` characters. */
function findAction(bytes: Uint8Array, start: number, end: number, minLength = 0): string | null {
  let i = bytes.indexOf(0x2f, start);
  while (i >= 0 && i < end) {
    const { name, next } = readName(bytes, i, end);
    if (name && name.length >= minLength && ACTION_NAMES.has(name)) return name;
    i = next < end ? bytes.indexOf(0x2f, next) : -1;
  }
  return null;
}

const isMostlyText = (bytes: Uint8Array) => {
  const sample = bytes.subarray(0, 2048);
  let printable = 0;
  for (const c of sample) if ((c >= 0x20 && c < 0x7f) || c === 0x0a || c === 0x0d || c === 0x09) printable++;
  return sample.length > 0 && printable / sample.length > 0.95;
};

const ascii = (text: string) => Buffer.from(text, 'latin1');
const STREAM = ascii('stream');
const ENDSTREAM = ascii('endstream');
const OBJ = ascii('obj');
/** How far before a stream keyword its dictionary is looked for. */
const DICT_LOOK_BACK = 4096;

/** The names of the dictionary in [from, dictEnd): from the last "obj" keyword in that range on. */
function streamDictionary(buf: Buffer, from: number, dictEnd: number): Set<string> {
  const window = buf.subarray(from, dictEnd);
  const objAt = window.lastIndexOf(OBJ);
  const start = objAt >= 0 ? objAt : 0;
  const names = new Set<string>();
  let i = window.indexOf(0x2f, start);
  while (i >= 0) {
    const { name, next } = readName(window, i, window.length);
    if (name) names.add(name);
    i = next < window.length ? window.indexOf(0x2f, next) : -1;
  }
  return names;
}

/** Decodes a stream body by its filters; null when a filter is not one we can read. */
function decode(body: Uint8Array, dict: Set<string>, budget: { left: number }): Uint8Array | null {
  const filters = ['FlateDecode', 'Fl', 'ASCIIHexDecode', 'AHx'].filter((f) => dict.has(f));
  const other = ['LZWDecode', 'LZW', 'ASCII85Decode', 'A85', 'RunLengthDecode', 'RL', 'CCITTFaxDecode', 'CCF', 'JBIG2Decode', 'DCTDecode', 'DCT', 'JPXDecode', 'Crypt'];
  if (other.some((f) => dict.has(f))) return null;
  let data: Uint8Array = body;
  // ASCIIHex first: it is the outer filter whenever both are given.
  if (filters.includes('ASCIIHexDecode') || filters.includes('AHx')) {
    const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
    const end = text.indexOf('>');
    data = Buffer.from(text.slice(0, end >= 0 ? end : undefined).replace(/[^0-9a-fA-F]/g, ''), 'hex');
  }
  if (filters.includes('FlateDecode') || filters.includes('Fl')) {
    if (budget.left <= 0) throw new PdfNotInspectable('The PDF decompresses to more than the inspection allows');
    try {
      data = zlib.inflateSync(data, { maxOutputLength: budget.left, finishFlush: zlib.constants.Z_SYNC_FLUSH });
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new PdfNotInspectable('The PDF decompresses to more than the inspection allows');
      return null;
    }
    budget.left -= data.length;
  }
  return data;
}

/**
 * Scans a PDF: the syntax outside streams for action names, and every stream body that can hold
 * PDF syntax (object streams, other text streams) once decoded. A stream without its end, or an
 * object stream that cannot be decoded, makes the file not inspectable.
 */
export function scanPdf(bytes: Uint8Array, { maxInflatedBytes }: { maxInflatedBytes: number }): PdfScan {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const outside: [number, number][] = [];
  const budget = { left: maxInflatedBytes };
  let action: string | null = null;
  let segmentStart = 0;
  let i = buf.indexOf(STREAM);

  while (i >= 0) {
    // A stream starts where a dictionary's >> is followed by the keyword and an end of line.
    let back = i - 1;
    while (back >= segmentStart && WHITESPACE.has(buf[back]!)) back--;
    const afterDict = back >= segmentStart + 1 && buf[back] === 0x3e && buf[back - 1] === 0x3e;
    const eol = buf[i + STREAM.length];
    if (!afterDict || (eol !== 0x0a && eol !== 0x0d)) {
      i = buf.indexOf(STREAM, i + STREAM.length);
      continue;
    }
    let bodyStart = i + STREAM.length + 1;
    if (eol === 0x0d && buf[bodyStart] === 0x0a) bodyStart++;
    const bodyEnd = buf.indexOf(ENDSTREAM, bodyStart);
    if (bodyEnd < 0) throw new PdfNotInspectable('A PDF stream has no end');

    outside.push([segmentStart, i]);
    action ??= findAction(buf, segmentStart, i);
    const dict = streamDictionary(buf, Math.max(segmentStart, back + 1 - DICT_LOOK_BACK), back + 1);

    const body = buf.subarray(bodyStart, bodyEnd);
    const isObjectStream = dict.has('ObjStm');
    const isImage = dict.has('Image') || dict.has('DCTDecode') || dict.has('JPXDecode');
    if (!action && !isImage) {
      const decoded = decode(body, dict, budget);
      if (!decoded && isObjectStream) throw new PdfNotInspectable('A PDF object stream cannot be decoded');
      const data = decoded ?? body;
      action = findAction(data, 0, data.length, isObjectStream || isMostlyText(data) ? 0 : MIN_NAME_IN_BINARY);
      // The body as stored, too: what looks like a stream may be syntax that a viewer reads as it is.
      if (!action && data !== body) action = findAction(body, 0, body.length, isMostlyText(body) ? 0 : MIN_NAME_IN_BINARY);
    } else if (!action) {
      action = findAction(body, 0, body.length, MIN_NAME_IN_BINARY);
    }
    if (action) return { action, outside };

    segmentStart = bodyEnd + ENDSTREAM.length;
    i = buf.indexOf(STREAM, segmentStart);
  }
  outside.push([segmentStart, buf.length]);
  action ??= findAction(buf, segmentStart, buf.length);
  return { action, outside };
}
