import imageCompression from 'browser-image-compression';
import { COMPRESSION_TARGET_BYTES, ImageCompressionError, type CompressProgress } from './image-problem';

const MIB = 1024 * 1024;

/** Large enough to read a type label on a photo of a telematics unit. */
const FIRST_MAX_SIDE = 2560;
/** Below this a photo documents nothing; every JPEG or PNG fits the target long before. */
const SMALLEST_MAX_SIDE = 480;
const SIDE_STEP = 0.7;

/**
 * Bytes of the Exif segment (APP1) of a JPEG, which the compressor copies into its output after
 * reaching its size target; 0 when there is none.
 */
export function exifSegmentBytes(bytes: Uint8Array): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 0;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return 0;
    const marker = bytes[offset + 1]!;
    // Start of scan: the headers are over.
    if (marker === 0xda) return 0;
    const length = view.getUint16(offset + 2);
    if (marker === 0xe1 && offset + 10 <= bytes.length && view.getUint32(offset + 4) === 0x45786966 /* 'Exif' */) return 2 + length;
    offset += 2 + length;
  }
  return 0;
}

/** The headers of a JPEG are at its start; an Exif segment is at most 64 KB. */
const HEADER_BYTES = 256 * 1024;

/**
 * Compresses a JPEG or PNG to at most `targetBytes`, upright (the EXIF orientation is applied to the
 * pixels) and with the rest of its Exif data kept. Runs where it is called: the compress worker
 * calls it off the main thread. A photo that still misses the target is compressed again with
 * fewer pixels, since the library alone gives up after ten rounds of 5 % each.
 */
export async function compressToTarget(
  file: File,
  { targetBytes = COMPRESSION_TARGET_BYTES, onProgress, signal }: { targetBytes?: number; onProgress?: CompressProgress; signal?: AbortSignal } = {},
): Promise<Blob> {
  if (!((file as unknown) instanceof Blob)) throw new ImageCompressionError('notBlobOrFile', 'The file given is not an instance of Blob or File');
  if (!file.type.startsWith('image/')) throw new ImageCompressionError('notAnImage', 'The file given is not an image');
  const exifBytes = file.type === 'image/jpeg' ? exifSegmentBytes(new Uint8Array(await file.slice(0, HEADER_BYTES).arrayBuffer())) : 0;
  let shown = 0;
  // Only a new whole percent is passed on: each one re-renders the uploads tab, and the library
  // reports the same figure many times, again from 0 on each pass with fewer pixels.
  const report = (percent: number) => {
    const next = Math.max(shown, Math.min(99, Math.round(percent)));
    if (next === shown) return;
    shown = next;
    onProgress?.(shown);
  };
  for (let maxSide = FIRST_MAX_SIDE; ; maxSide = Math.round(maxSide * SIDE_STEP)) {
    const result: unknown = await imageCompression(file, {
      maxSizeMB: (targetBytes - exifBytes) / MIB,
      maxWidthOrHeight: maxSide,
      initialQuality: 0.85,
      preserveExif: exifBytes > 0,
      // Where this runs is decided by the caller: the library's own worker loads its script from a CDN.
      useWebWorker: false,
      onProgress: report,
      signal,
    });
    if (!(result instanceof Blob)) throw new ImageCompressionError('compressedUndefined', 'Compressed file is undefined');
    if (result.size <= targetBytes || maxSide <= SMALLEST_MAX_SIDE) {
      onProgress?.(100);
      return result.type === file.type ? result : new Blob([result], { type: file.type });
    }
  }
}
