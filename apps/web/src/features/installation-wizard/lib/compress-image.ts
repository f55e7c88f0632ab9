import { COMPRESSION_TARGET_BYTES, ImageCompressionError, type CompressProgress } from './image-problem';
import type { CompressReply, CompressRequest } from './compress.worker';

/** This browser cannot compress in a worker; the page does it instead. */
class WorkerUnavailable extends Error {}

function compressInWorker(file: File, targetBytes: number, onProgress?: CompressProgress, signal?: AbortSignal): Promise<Blob> {
  return new Promise((resolve, reject) => {
    let worker: Worker;
    try {
      // Our own module worker: script-src 'self' refuses the library's blob worker and its CDN script.
      worker = new Worker(new URL('./compress.worker.ts', import.meta.url), { type: 'module', name: 'compress-image' });
    } catch {
      reject(new WorkerUnavailable());
      return;
    }
    const finish = () => {
      worker.terminate();
      signal?.removeEventListener('abort', onAbort);
    };
    const onAbort = () => {
      finish();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }: MessageEvent<CompressReply>) => {
      if (data.type === 'progress') {
        onProgress?.(data.percent);
        return;
      }
      finish();
      if (data.type === 'done') resolve(data.blob);
      else if (data.isUnsupported) reject(new WorkerUnavailable());
      else reject(new ImageCompressionError(data.problem, data.message));
    };
    // The worker script did not load or run at all.
    worker.onerror = (event) => {
      event.preventDefault();
      finish();
      reject(new WorkerUnavailable());
    };
    worker.postMessage({ file, targetBytes } satisfies CompressRequest);
  });
}

/**
 * A JPEG or PNG made at most 0.5 MB (SPEC §5), compressed in a Web Worker so the page stays
 * responsive; on the main thread only where a worker cannot decode images (Safari).
 */
export async function compressImage(
  file: File,
  { targetBytes = COMPRESSION_TARGET_BYTES, onProgress, signal }: { targetBytes?: number; onProgress?: CompressProgress; signal?: AbortSignal } = {},
): Promise<Blob> {
  if (typeof Worker === 'function') {
    try {
      return await compressInWorker(file, targetBytes, onProgress, signal);
    } catch (error) {
      if (!(error instanceof WorkerUnavailable)) throw error;
    }
  }
  const { compressToTarget } = await import('./compress-to-target');
  return compressToTarget(file, { targetBytes, onProgress, signal });
}
