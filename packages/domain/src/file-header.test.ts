import { describe, expect, it } from 'vitest';
import { headFitsFormat, isImageTooLarge, isUtf8, readImageSize } from './file-header';

const bytes = (...values: number[]) => Uint8Array.from(values);
const text = (s: string) => Uint8Array.from(unescape(encodeURIComponent(s)), (c) => c.charCodeAt(0));

/** A PNG header declaring a canvas, and a JPEG whose frame header follows an APP segment. */
function pngHead(width: number, height: number) {
  const head = new Uint8Array(33);
  head.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  head.set(text('IHDR'), 12);
  new DataView(head.buffer).setUint32(16, width);
  new DataView(head.buffer).setUint32(20, height);
  return head;
}
function jpegHead(width: number, height: number, appLength = 16) {
  const app = new Uint8Array(2 + appLength);
  app.set([0xff, 0xe0, appLength >> 8, appLength & 0xff]);
  const sof = bytes(0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3);
  return Uint8Array.from([0xff, 0xd8, ...app, ...sof]);
}

describe('headFitsFormat', () => {
  it('takes files whose first bytes are what their name says', () => {
    expect(headFitsFormat('jpg', jpegHead(10, 10))).toBe(true);
    expect(headFitsFormat('PNG', pngHead(10, 10))).toBe(true);
    expect(headFitsFormat('pdf', text('%PDF-1.7\n'))).toBe(true);
    expect(headFitsFormat('docx', bytes(0x50, 0x4b, 3, 4, 20))).toBe(true);
    expect(headFitsFormat('xls', bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe(true);
    expect(headFitsFormat('csv', text('name;city\nMüller;Köln\n'), true)).toBe(true);
  });

  it('refuses an executable renamed .jpg or .txt, a PNG named .jpg and binary data named .csv', () => {
    const exe = Uint8Array.from([...text('MZ'), 0x90, 0, 3, 0, 0, 0]);
    expect(headFitsFormat('jpg', exe)).toBe(false);
    expect(headFitsFormat('txt', exe)).toBe(false);
    expect(headFitsFormat('jpg', pngHead(10, 10))).toBe(false);
    expect(headFitsFormat('csv', bytes(0xff, 0xfe, 0x41, 0x00))).toBe(false);
    expect(headFitsFormat('txt', text('%PDF-1.4'))).toBe(false);
    expect(headFitsFormat('exe', exe)).toBe(false);
  });

  it('reads a head cut inside a character as text, but not a whole file ending in half a character', () => {
    const cut = text('Grüße').subarray(0, 3);
    expect(headFitsFormat('txt', cut)).toBe(true);
    expect(headFitsFormat('txt', cut, true)).toBe(false);
  });
});

describe('readImageSize', () => {
  it('reads the dimensions from PNG and JPEG headers without decoding', () => {
    expect(readImageSize(pngHead(10_000, 8_000))).toEqual({ width: 10_000, height: 8_000 });
    expect(readImageSize(jpegHead(4032, 3024, 300))).toEqual({ width: 4032, height: 3024 });
  });

  it('asks for more bytes when the header goes on past them, and calls a broken header invalid', () => {
    expect(readImageSize(jpegHead(10, 10, 5000).subarray(0, 1000))).toBe('incomplete');
    expect(readImageSize(pngHead(10, 10).subarray(0, 20))).toBe('incomplete');
    expect(readImageSize(bytes(0xff, 0xd8, 0xff, 0xda, 0, 2))).toBe('invalid');
    expect(readImageSize(text('GIF89a'))).toBe('invalid');
  });

  it('refuses photos over 50 megapixels or with a side over 20,000 pixels', () => {
    expect(isImageTooLarge({ width: 8000, height: 6250 })).toBe(false);
    expect(isImageTooLarge({ width: 8000, height: 6251 })).toBe(true);
    expect(isImageTooLarge({ width: 20_001, height: 10 })).toBe(true);
  });
});

describe('isUtf8', () => {
  it('accepts well-formed UTF-8 and refuses overlong forms, surrogates and stray continuation bytes', () => {
    expect(isUtf8(text('Grüße, 東京 🚚'))).toBe(true);
    expect(isUtf8(bytes(0xc0, 0xaf))).toBe(false);
    expect(isUtf8(bytes(0xed, 0xa0, 0x80))).toBe(false);
    expect(isUtf8(bytes(0x41, 0x80))).toBe(false);
    expect(isUtf8(bytes(0xe2, 0x82), true)).toBe(true);
    expect(isUtf8(bytes(0xe2, 0x82))).toBe(false);
  });
});
