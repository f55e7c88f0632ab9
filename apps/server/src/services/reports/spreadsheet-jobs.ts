import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../errors';
import type { readRegistryCsv } from '../access/registry-csv';
import type { Cell, SpreadsheetReply } from './spreadsheet-worker';

const WORKER_ENTRY = new URL('./spreadsheet-worker.mjs', import.meta.url);
/** Rows handed over at a time: copying one chunk holds this thread for a few milliseconds only. */
const CHUNK_ROWS = 1000;
const TIMEOUT_MS = 60_000;
const MEMORY_MB = 512;

type Job =
  | { kind: 'csv'; columns: readonly string[]; rows: Cell[][] }
  | { kind: 'xlsx'; columns: readonly string[]; rows: Cell[][] }
  | { kind: 'registryCsv'; text: string };
type Result<J extends Job> = J extends { kind: 'csv' } ? string : J extends { kind: 'xlsx' } ? Buffer : ReturnType<typeof readRegistryCsv>;

/**
 * Builds an export (CSV, XLSX) or reads an imported CSV in a worker thread of its own, with a time
 * budget and a heap ceiling: a table of the largest allowed size never holds the thread that
 * answers requests for more than a chunk's copy at a time.
 */
export async function runSpreadsheetJob<J extends Job>(job: J): Promise<Result<J>> {
  const worker = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB }, stdout: false, stderr: false });
  const failed = (message: string) => new AppError('SERVICE_UNAVAILABLE', message);
  try {
    const answer = new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => reject(failed('The file took too long to make. Please narrow the selection and try again.')), TIMEOUT_MS);
      worker.on('message', (reply: SpreadsheetReply) => {
        clearTimeout(timer);
        if (reply.type === 'done') resolve(reply.result);
        else reject(failed(`The file could not be made: ${reply.message}`));
      });
      worker.on('error', (error: Error & { code?: string }) => {
        clearTimeout(timer);
        reject(failed(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'The file needs more memory than allowed' : 'The file could not be made'));
      });
      worker.on('exit', () => {
        clearTimeout(timer);
        reject(failed('The file could not be made'));
      });
    });
    if (job.kind === 'registryCsv') {
      worker.postMessage({ type: 'registryCsv', text: job.text });
    } else {
      for (let i = 0; i < job.rows.length; i += CHUNK_ROWS) {
        worker.postMessage({ type: 'rows', rows: job.rows.slice(i, i + CHUNK_ROWS) });
        await yieldToRequests();
      }
      worker.postMessage({ type: job.kind, columns: [...job.columns] });
    }
    const result = await answer;
    return (result instanceof Uint8Array ? Buffer.from(result.buffer, result.byteOffset, result.byteLength) : result) as Result<J>;
  } finally {
    void worker.terminate();
  }
}
