import { parentPort, workerData } from 'node:worker_threads';
import { AppError } from '../../errors';
import { inspectFile, type InspectionLimits } from './file-inspection';

/** One file to inspect; its bytes are shared with the request, not copied. */
export type InspectionTask = { format: string; bytes: Uint8Array };
export type InspectionReply =
  | { type: 'ready' }
  | { type: 'done'; contentType: string; length?: number; preview?: Uint8Array }
  | { type: 'refused'; code: AppError['code']; message: string; details?: unknown }
  | { type: 'failed'; message: string };

const limits = workerData as InspectionLimits;
const port = parentPort!;

port.on('message', async ({ format, bytes }: InspectionTask) => {
  let reply: InspectionReply;
  try {
    const { contentType, length, preview } = await inspectFile(format, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits);
    reply = { type: 'done', contentType, length, preview };
  } catch (error) {
    reply =
      error instanceof AppError
        ? { type: 'refused', code: error.code, message: error.message, details: error.details }
        : { type: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
port.postMessage({ type: 'ready' } satisfies InspectionReply);
