import zlib from 'node:zlib';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

/** Test data factories: real encoded images and documents, and hostile look-alikes. */

function noise(width: number, height: number, seed = 1) {
  const data = Buffer.alloc(width * height * 4);
  let x = seed;
  for (let i = 0; i < data.length; i += 4) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    data[i] = x & 0xff;
    data[i + 1] = (x >> 8) & 0xff;
    data[i + 2] = (x >> 16) & 0xff;
    data[i + 3] = 255;
  }
  return data;
}

export const makeJpeg = (width = 64, height = 48, seed = 1) => jpeg.encode({ data: noise(width, height, seed), width, height }, 80).data as Buffer;

export function makePng(width = 32, height = 32, seed = 1) {
  const png = new PNG({ width, height });
  noise(width, height, seed).copy(png.data);
  return PNG.sync.write(png);
}

export const makePdf = (body = 'BT /F1 12 Tf 72 712 Td (Commissioning report) Tj ET') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n3 0 obj << /Length ${body.length} >> stream\n${body}\nendstream endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body) >>> 0);
  return Buffer.concat([len, body, crc]);
}

/** A tiny PNG whose header claims a huge canvas (a decompression bomb's first step). */
export function pixelFloodPng(width = 100_000, height = 100_000) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(64))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const dataUrl = (mime: string, bytes: Buffer) => `data:${mime};base64,${bytes.toString('base64')}`;

/** A PDF with one object stream (compressed or not) holding the given objects. */
export function pdfWithObjectStream(objects: string, { compress = true } = {}) {
  const data = compress ? zlib.deflateSync(Buffer.from(objects, 'latin1')) : Buffer.from(objects, 'latin1');
  return Buffer.concat([
    Buffer.from(`%PDF-1.5\n1 0 obj << /Type /ObjStm /N 1 /First 0${compress ? ' /Filter /FlateDecode' : ''} /Length ${data.length} >> stream\n`),
    data,
    Buffer.from('\nendstream endobj\ntrailer << /Root 2 0 R >>\n%%EOF\n'),
  ]);
}

/**
 * zlib data that inflates to `megabytes` MB of zeros while staying about 1/1000 of that: the same
 * compressed megabyte repeated, so the test never holds the inflated bytes itself.
 */
export function deflatedZeros(megabytes: number) {
  const mb = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((megabytes * 1024 * 1024) % 65521) * 65536 + 1) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0x9c]), ...Array.from({ length: megabytes }, () => mb), zlib.deflateRawSync(Buffer.alloc(0)), adler]);
}

/** A PDF whose one stream inflates to `megabytes` MB (a decompression bomb). */
export function deflateBombPdf(megabytes: number) {
  const data = deflatedZeros(megabytes);
  return Buffer.concat([
    Buffer.from(`%PDF-1.5\n1 0 obj << /Type /ObjStm /N 1 /First 0 /Filter /FlateDecode /Length ${data.length} >> stream\n`),
    data,
    Buffer.from('\nendstream endobj\ntrailer << >>\n%%EOF\n'),
  ]);
}

/** A PDF of streams that inflate to text full of short names: costly to read, harmless. */
export function slowPdf(streams: number, megabytesEach = 4) {
  const names = Buffer.alloc(megabytesEach * 1024 * 1024, '/ab ');
  const data = zlib.deflateSync(names);
  const parts = [Buffer.from('%PDF-1.5\n')];
  for (let n = 1; n <= streams; n++) {
    parts.push(Buffer.from(`${n} 0 obj << /Filter /FlateDecode /Length ${data.length} >> stream\n`), data, Buffer.from('\nendstream endobj\n'));
  }
  parts.push(Buffer.from('trailer << >>\n%%EOF\n'));
  return Buffer.concat(parts);
}

/** A JPEG header declaring a canvas, followed by nothing a decoder could use. */
export function jpegHeader(width: number, height: number) {
  return Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1, 0xff, 0xd9]);
}

/** A valid small PNG followed by `count` tiny text chunks: little on disk, many strings when read. */
export function chunkyPng(count: number) {
  const png = makePng(8, 8, 3);
  const iend = png.length - 12;
  const tiny = chunk('tEXt', Buffer.from('ab'));
  return Buffer.concat([png.subarray(0, iend), Buffer.alloc(count * tiny.length).fill(tiny), png.subarray(iend)]);
}
