import { describe, expect, it, vi } from 'vitest';
import imageCompression from 'browser-image-compression';
import { compressToTarget, exifSegmentBytes } from './compress-to-target';
import { COMPRESSION_TARGET_BYTES, ImageCompressionError, imageProblemOf } from './image-problem';

vi.mock('browser-image-compression', () => ({ default: vi.fn() }));

const KB = 1024;

/** SOI, an Exif APP1 segment of `exifLength` bytes (marker excluded), a quantisation table, start of scan. */
function jpegHeader(exifLength: number): Uint8Array<ArrayBuffer> {
  const exif = [0xff, 0xe1, exifLength >> 8, exifLength & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0, ...new Array(exifLength - 8).fill(0)];
  return new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0, 4, 0, 0, ...exif, 0xff, 0xda, 0, 2]);
}

const blobOf = (bytes: number, type = 'image/jpeg') => new Blob([new Uint8Array(bytes)], { type });

describe('exifSegmentBytes', () => {
  it('measures the Exif segment with its marker, wherever it sits among the headers', () => {
    expect(exifSegmentBytes(jpegHeader(100))).toBe(102);
  });

  it('answers 0 for a JPEG without Exif, for a PNG and for garbage', () => {
    expect(exifSegmentBytes(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toBe(0);
    expect(exifSegmentBytes(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBe(0);
    expect(exifSegmentBytes(new Uint8Array([0xff, 0xd8, 0x12, 0x34]))).toBe(0);
  });
});

describe('compressToTarget', () => {
  it('keeps the Exif data within the target and goes down in size until the photo fits', async () => {
    const compress = vi.mocked(imageCompression);
    compress.mockReset();
    compress.mockResolvedValueOnce(blobOf(700 * KB) as File).mockResolvedValueOnce(blobOf(450 * KB) as File);
    const photo = new File([jpegHeader(1000), new Uint8Array(3000 * KB)], 'roof.jpg', { type: 'image/jpeg' });
    const progress: number[] = [];
    const result = await compressToTarget(photo, { onProgress: (p) => progress.push(p) });
    expect(result.size).toBe(450 * KB);
    expect(result.type).toBe('image/jpeg');
    const [first, second] = compress.mock.calls.map(([, options]) => options);
    expect(first).toMatchObject({ maxWidthOrHeight: 2560, preserveExif: true, useWebWorker: false });
    expect(first!.maxSizeMB).toBeCloseTo((COMPRESSION_TARGET_BYTES - 1002) / 1024 / 1024, 6);
    expect(second!.maxWidthOrHeight).toBeLessThan(2560);
    expect(first).not.toHaveProperty('libURL');
    expect(progress.at(-1)).toBe(100);
  });

  it('passes on each whole percent once, rising, whatever the library reports', async () => {
    const compress = vi.mocked(imageCompression);
    compress.mockReset();
    for (const size of [700 * KB, 450 * KB]) {
      compress.mockImplementationOnce(async (_file, options) => {
        for (const percent of [0, 0, 10.2, 10.4, 10, 55, 55, 100, 100]) options.onProgress?.(percent);
        return blobOf(size) as File;
      });
    }
    const photo = new File([new Uint8Array(3000 * KB)], 'roof.png', { type: 'image/png' });
    const progress: number[] = [];
    await compressToTarget(photo, { onProgress: (p) => progress.push(p) });
    expect(progress).toEqual([10, 55, 99, 100]);
  });

  it('refuses what is not an image, and an answer that is no file', async () => {
    await expect(compressToTarget(new File(['x'], 'a.txt', { type: 'text/plain' }))).rejects.toMatchObject({ problem: 'notAnImage' });
    await expect(compressToTarget('photo' as unknown as File)).rejects.toMatchObject({ problem: 'notBlobOrFile' });
    vi.mocked(imageCompression).mockReset().mockResolvedValueOnce(undefined as unknown as File);
    await expect(compressToTarget(new File([new Uint8Array(10)], 'b.png', { type: 'image/png' }))).rejects.toMatchObject({ problem: 'compressedUndefined' });
  });
});

describe('imageProblemOf', () => {
  it('names the image errors of SPEC §8', () => {
    expect(imageProblemOf(new Error('Compressed file is undefined'))).toBe('compressedUndefined');
    expect(imageProblemOf(new Error('The file given is not an instance of Blob or File'))).toBe('notBlobOrFile');
    expect(imageProblemOf(new Error('The file given is not an image'))).toBe('notAnImage');
    expect(imageProblemOf(new ImageCompressionError('notAnImage', 'x'))).toBe('notAnImage');
    expect(imageProblemOf(new Event('error'))).toBe('unreadable');
  });
});
