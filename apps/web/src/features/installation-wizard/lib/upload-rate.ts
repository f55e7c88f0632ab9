/** How long the measured speed looks back: long enough to span a request's wait for its answer. */
export const RATE_WINDOW_MS = 10_000;
/** The speed is known once bytes have gone out over at least this long. */
export const RATE_MIN_SPAN_MS = 1_000;

/**
 * The upload speed as measured: bytes sent (counted over every file of a run) against the time it
 * took, over the last ten seconds. Unknown (null) until bytes went out over a second at least.
 */
export function createRateMeter(windowMs = RATE_WINDOW_MS) {
  let samples: { at: number; bytes: number }[] = [];
  return {
    /** `bytes`: everything sent since the meter started, at time `at` (ms). */
    add(at: number, bytes: number) {
      samples.push({ at, bytes });
      const oldest = at - windowMs;
      // Keep one sample at or before the window's start, so the window spans all of it.
      while (samples.length > 2 && samples[1]!.at <= oldest) samples.shift();
    },
    rate(): number | null {
      const first = samples[0];
      const last = samples.at(-1);
      if (!first || !last) return null;
      const span = last.at - first.at;
      const bytes = last.bytes - first.bytes;
      return span >= RATE_MIN_SPAN_MS && bytes > 0 ? (bytes / span) * 1000 : null;
    },
    reset() {
      samples = [];
    },
  };
}

/** Seconds until `remainingBytes` have gone at `bytesPerSecond`; null while the speed is unknown. */
export function remainingSeconds(remainingBytes: number, bytesPerSecond: number | null): number | null {
  if (bytesPerSecond === null || bytesPerSecond <= 0) return null;
  return Math.max(remainingBytes, 0) / bytesPerSecond;
}
