import sharp from 'sharp';
import { MAX_IMAGE_PIXELS } from '@portal/domain/file-header';

/** The long side of a photo's preview: sharp at print size in the report, small enough that 60 of them stay a few MB. */
export const PREVIEW_LONG_SIDE = 1024;
/** A preview's bytes at most: a photo full of fine detail (or noise) is encoded smaller until it fits. */
export const PREVIEW_MAX_BYTES = 120 * 1024;
/** Long side and JPEG quality, tried in turn until the preview fits PREVIEW_MAX_BYTES. */
const ENCODINGS = [
  [PREVIEW_LONG_SIDE, 72],
  [PREVIEW_LONG_SIDE, 55],
  [800, 50],
  [640, 45],
  [480, 40],
] as const;

// One image at a time per worker and no cache of decoded images: the worker's memory stays bounded.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Where a JPEG's data ends: after its end-of-image marker. The marker segments are skipped by their
 * lengths and the entropy-coded data is scanned for the next marker, so the walk is linear and never
 * mistakes a marker's payload for the end. Null when the image has no end marker.
 */
export function jpegEnd(bytes: Uint8Array): number | null {
  let i = 2;
  while (i + 1 < bytes.length) {
    if (bytes[i] !== 0xff) return null;
    const marker = bytes[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    if (marker === 0xd9) return i + 2;
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (i + 3 >= bytes.length) return null;
    const length = (bytes[i + 2]! << 8) | bytes[i + 3]!;
    i += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data: runs until a marker that is neither a stuffed 0xFF00 nor a restart marker.
    while (i + 1 < bytes.length) {
      if (bytes[i] === 0xff) {
        const next = bytes[i + 1]!;
        if (next !== 0x00 && !(next >= 0xd0 && next <= 0xd7) && next !== 0xff) break;
      }
      i++;
    }
  }
  return null;
}

/** Where a PNG's data ends: after its IEND chunk. Null when it has none. */
export function pngEnd(bytes: Uint8Array): number | null {
  const view = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let i = 8;
  while (i + 12 <= view.length) {
    const length = view.readUInt32BE(i);
    const type = view.toString('latin1', i + 4, i + 8);
    i += 12 + length;
    if (type === 'IEND') return i <= view.length ? i : null;
  }
  return null;
}

/**
 * The photo as a bounded preview: turned upright, on white where it was transparent, at most
 * PREVIEW_LONG_SIDE px on its long side, 8-bit sRGB JPEG. Reads the image line by line where the
 * format allows it. Throws when the image cannot be decoded.
 */
export async function makePreview(bytes: Uint8Array): Promise<Buffer> {
  // Decoded and scaled once; only the small result is encoded again when it does not fit.
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, sequentialRead: true, failOn: 'error' })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize(PREVIEW_LONG_SIDE, PREVIEW_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  let preview: Buffer | null = null;
  for (const [side, quality] of ENCODINGS) {
    preview = await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
      .resize(side, side, { fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality, mozjpeg: true })
      .toBuffer();
    if (preview.length <= PREVIEW_MAX_BYTES) break;
  }
  return preview!;
}
