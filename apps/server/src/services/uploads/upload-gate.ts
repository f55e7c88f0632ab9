import { AppError } from '../../errors';

export type UploadGateOptions = {
  /** Uploads read and inspected at the same time. */
  maxConcurrent: number;
  /** How long an upload waits for its turn before it is answered 503. */
  waitMs: number;
  /** Uploads that may wait at once; more are answered 503 at once. */
  maxWaiting: number;
};

/** Seconds a client is told to wait after a 503 of the gate. */
export const UPLOAD_RETRY_AFTER_SECONDS = 5;

export class UploadsBusy extends AppError {
  constructor() {
    super('SERVICE_UNAVAILABLE', 'The server is busy with other uploads. Please try again in a moment.', { retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS });
  }
}

/**
 * Lets a bounded number of uploads in at once, before their bodies are read: the memory all
 * uploads in flight hold stays bounded, whoever sends how many at once.
 */
export function createUploadGate({ maxConcurrent, waitMs, maxWaiting }: UploadGateOptions) {
  let active = 0;
  const waiting: { grant(): void }[] = [];

  const release = () => {
    const next = waiting.shift();
    if (next) next.grant();
    else active--;
  };

  return {
    /** Resolves with the function that frees the place (safe to call more than once), or throws UploadsBusy. */
    async enter(): Promise<() => void> {
      let released = false;
      const leave = () => {
        if (released) return;
        released = true;
        release();
      };
      if (active < maxConcurrent) {
        active++;
        return leave;
      }
      if (waiting.length >= maxWaiting || waitMs <= 0) throw new UploadsBusy();
      await new Promise<void>((resolve, reject) => {
        const entry = {
          grant: () => {
            clearTimeout(timer);
            resolve();
          },
        };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1);
          reject(new UploadsBusy());
        }, waitMs);
        waiting.push(entry);
      });
      return leave;
    },
    get active() {
      return active;
    },
  };
}
