import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors';
import type { ReportReply, ReportTask } from './report-worker';

export type ReportRendererOptions = {
  /** Time one report may take once the worker has it; then the worker is stopped. */
  timeoutMs: number;
  /** Heap of the worker; a report that needs more stops it. */
  memoryMb: number;
  /** Reports waiting for the worker; more are answered 503 with Retry-After. */
  maxQueued: number;
};

export interface ReportRenderer {
  render(task: ReportTask): Promise<Buffer>;
  close(): Promise<void>;
}

type Job = { task: ReportTask; resolve(pdf: Buffer): void; reject(error: Error): void };

const WORKER_ENTRY = new URL('./report-worker.mjs', import.meta.url);

/**
 * Builds report PDFs in one worker thread, one at a time, away from the thread that answers
 * requests: each report has a time budget and the worker a heap ceiling; a worker that exceeds
 * either is stopped and a new one started for the next report.
 */
export function createReportRenderer(options: ReportRendererOptions): ReportRenderer {
  let worker: Worker | null = null;
  let ready = false;
  let current: Job | null = null;
  let timer: NodeJS.Timeout | null = null;
  const queue: Job[] = [];
  let closed = false;

  const failed = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);

  const settle = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    const job = current;
    current = null;
    return job;
  };

  const stop = (w: Worker) => {
    if (worker === w) {
      worker = null;
      ready = false;
    }
    void w.terminate();
  };

  const spawn = () => {
    const w = new Worker(WORKER_ENTRY, {
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(options.memoryMb / 8))) },
      stdout: false,
      stderr: false,
    });
    w.unref();
    worker = w;
    ready = false;
    w.on('message', (reply: ReportReply) => {
      if (reply.type === 'ready') {
        ready = true;
        pump();
        return;
      }
      const job = settle();
      if (job) {
        if (reply.type === 'done') job.resolve(Buffer.from(reply.pdf.buffer, reply.pdf.byteOffset, reply.pdf.byteLength));
        else job.reject(failed(`The report could not be made: ${reply.message}`));
      }
      pump();
    });
    w.on('error', (error: Error & { code?: string }) => {
      const job = settle();
      const wasReady = ready;
      stop(w);
      if (job) {
        job.reject(failed(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? `Making the report needs more than ${options.memoryMb} MB of memory` : 'The report could not be made'));
      } else if (!wasReady) {
        for (const waiting of queue.splice(0)) waiting.reject(failed('Reports cannot be made right now'));
      }
      pump();
    });
    w.on('exit', () => {
      if (worker === w) {
        worker = null;
        ready = false;
      }
      settle()?.reject(failed('The report could not be made'));
      pump();
    });
  };

  const pump = () => {
    if (closed || current || queue.length === 0) return;
    if (!worker) {
      spawn();
      return;
    }
    if (!ready) return;
    const job = queue.shift()!;
    current = job;
    const w = worker;
    timer = setTimeout(() => {
      const timedOut = settle();
      stop(w);
      timedOut?.reject(failed(`Making the report took longer than ${options.timeoutMs / 1000} s`));
      pump();
    }, options.timeoutMs);
    w.postMessage(job.task);
  };

  return {
    render(task) {
      if (closed) return Promise.reject(failed('The server is shutting down'));
      if (queue.length >= options.maxQueued) return Promise.reject(failed('Many reports are being made right now. Please try again in a moment.'));
      return new Promise((resolve, reject) => {
        queue.push({ task, resolve, reject });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const waiting of queue.splice(0)) waiting.reject(failed('The server is shutting down'));
      settle()?.reject(failed('The server is shutting down'));
      if (worker) await worker.terminate();
      worker = null;
    },
  };
}
