// The page that bench/image-compression.ts opens in Chromium: the portal's compressor (its worker
// bundled as in the app) and browser-image-compression's defaults, on one generated photo.
import imageCompression from 'browser-image-compression';
import { compressImage } from '../../apps/web/src/features/installation-wizard/lib/compress-image';

const MB = 1024 * 1024;
let photo: File | null = null;

declare global {
  interface Window {
    bench: { makePhoto: typeof makePhoto; run: typeof run };
  }
}

/** A camera-like 12-megapixel JPEG: a gradient with sensor noise, noisy enough to weigh 5-8 MB. */
async function makePhoto({ width = 4000, height = 3000, minBytes = 6 * MB, maxBytes = 8 * MB } = {}) {
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  const image = context.createImageData(width, height);
  let seed = 7;
  const random = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const noise = new Float32Array(width * height).map(() => random() - 0.5);
  for (let amplitude = 8; amplitude <= 120; amplitude += 4) {
    for (let pixel = 0, i = 0; pixel < noise.length; pixel++, i += 4) {
      const x = pixel % width;
      const y = (pixel / width) | 0;
      const n = noise[pixel]! * amplitude;
      image.data[i] = (x / width) * 200 + 30 + n;
      image.data[i + 1] = (y / height) * 180 + 40 + n;
      image.data[i + 2] = 120 + ((x + y) % 256) / 4 + n;
      image.data[i + 3] = 255;
    }
    context.putImageData(image, 0, 0);
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.92 });
    if (blob.size >= minBytes && blob.size <= maxBytes) {
      photo = new File([blob], 'camera.jpg', { type: 'image/jpeg', lastModified: Date.now() });
      return { bytes: photo.size, width, height };
    }
    if (blob.size > maxBytes) break;
  }
  throw new Error('could not make a photo of 5-8 MB');
}

/** Runs `task` while a 10 ms timer ticks: the longest gap between ticks is how long the page froze. */
async function measured<T>(task: () => Promise<T>) {
  let last = performance.now();
  let longestStall = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longestStall = Math.max(longestStall, now - last);
    last = now;
  }, 10);
  const started = performance.now();
  try {
    const result = await task();
    return { result, ms: performance.now() - started, longestStall };
  } finally {
    clearInterval(timer);
  }
}

async function run(which: string) {
  const input = photo;
  if (!input) throw new Error('makePhoto first');
  const task = which === 'project' ? () => compressImage(input) : () => imageCompression(input, { maxSizeMB: 0.5 });
  const { result, ms, longestStall } = await measured(task);
  const bitmap = await createImageBitmap(result);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  return { ms, bytes: result.size, ...size, longestStall };
}

window.bench = { makePhoto, run };
