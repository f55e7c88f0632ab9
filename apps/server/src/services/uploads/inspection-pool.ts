import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors';
import type { Inspected, InspectionLimits } from './file-inspection';
import type { InspectionReply, InspectionTask } from './inspection-worker';

export type InspectorOptions = InspectionLimits & {
  /** Workers inspecting at the same time; more files wait for a free one. */
  workers: number;
  /** Time one file may take once a worker has it; then the worker is stopped. */
  timeoutMs: number;
  /** Heap of one worker; a file that needs more stops it. */
  memoryMb: number;
};

export interface Inspector {
  /** The content type of a harmless file of the declared format (and a photo's preview), or an AppError why not. */
  inspect(format: string, bytes: Uint8Array): Promise<Inspected>;
  close(): Promise<void>;
}

type Job = InspectionTask & { resolve(value: Inspected): void; reject(error: Error): void };
type Slot = { worker: Worker; ready: boolean; job: Job | null; timer: NodeJS.Timeout | null };

const WORKER_ENTRY = new URL('./inspection-worker.mjs', import.meta.url);

const notInspectable = (message: string) => new AppError('FILE_NOT_INSPECTABLE', message);

/**
 * Inspects uploaded files in worker threads, away from the thread that answers requests: each file
 * gets a time budget and a heap ceiling, and a worker that exceeds either is stopped and replaced.
 */
export function createInspector(options: InspectorOptions): Inspector {
  const slots = new Set<Slot>();
  const queue: Job[] = [];
  let closed = false;

  const finish = (slot: Slot) => {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    const job = slot.job;
    slot.job = null;
    return job;
  };

  const discard = (slot: Slot) => {
    slots.delete(slot);
    void slot.worker.terminate();
  };

  const spawn = () => {
    const worker = new Worker(WORKER_ENTRY, {
      workerData: { maxInflatedBytes: options.maxInflatedBytes } satisfies InspectionLimits,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.memoryMb / 8))) },
      stdout: false,
      stderr: false,
    });
    worker.unref();
    const slot: Slot = { worker, ready: false, job: null, timer: null };
    slots.add(slot);
    worker.on('message', (reply: InspectionReply) => {
      if (reply.type === 'ready') {
        slot.ready = true;
        pump();
        return;
      }
      const job = finish(slot);
      if (!job) return;
      if (reply.type === 'done') {
        job.resolve({
          contentType: reply.contentType,
          ...(reply.length !== undefined ? { length: reply.length } : {}),
          ...(reply.preview ? { preview: Buffer.from(reply.preview.buffer, reply.preview.byteOffset, reply.preview.byteLength) } : {}),
        });
      }
      else if (reply.type === 'refused') job.reject(new AppError(reply.code, reply.message, reply.details));
      else job.reject(notInspectable(`The file could not be inspected: ${reply.message}`));
      pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const job = finish(slot);
      discard(slot);
      if (job) {
        job.reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? notInspectable(`Inspecting the file needs more than ${options.memoryMb} MB of memory`)
            : notInspectable('The file could not be inspected'),
        );
      } else if (!slot.ready) {
        // The worker could not start: the waiting files cannot be inspected either.
        for (const waiting of queue.splice(0)) waiting.reject(new AppError('SERVICE_UNAVAILABLE', 'Files cannot be inspected right now'));
      }
      pump();
    });
    worker.on('exit', () => {
      const job = finish(slot);
      slots.delete(slot);
      job?.reject(notInspectable('The file could not be inspected'));
      pump();
    });
  };

  const pump = () => {
    if (closed) return;
    for (const slot of slots) {
      if (queue.length === 0) return;
      if (!slot.ready || slot.job) continue;
      const job = queue.shift()!;
      slot.job = job;
      slot.timer = setTimeout(() => {
        finish(slot);
        discard(slot);
        job.reject(notInspectable(`Inspecting the file took longer than ${options.timeoutMs / 1000} s`));
        pump();
      }, options.timeoutMs);
      slot.worker.postMessage({ format: job.format, bytes: job.bytes } satisfies InspectionTask);
    }
    // Start workers for files that wait, up to the limit; they take work once ready.
    let starting = [...slots].filter((s) => !s.ready).length;
    while (slots.size < options.workers && starting < queue.length) {
      spawn();
      starting++;
    }
  };

  return {
    inspect(format, bytes) {
      if (closed) return Promise.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down'));
      return new Promise((resolve, reject) => {
        queue.push({ format, bytes, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(new AppError('SERVICE_UNAVAILABLE', 'The server is shutting down'));
      await Promise.all([...slots].map((slot) => slot.worker.terminate()));
      slots.clear();
    },
  };
}
