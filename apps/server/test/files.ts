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
