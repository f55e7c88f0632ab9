import { describe, expect, it } from 'vitest';
import { uploadRetryDelay, UPLOAD_RETRY_FIRST_MS, UPLOAD_RETRY_MAX_MS } from './upload-queue-sync';

describe('the upload queue’s backoff', () => {
  it('waits 5 s after the first failure, twice as long after each further one, at most 5 minutes', () => {
    expect([1, 2, 3, 4].map(uploadRetryDelay)).toEqual([5_000, 10_000, 20_000, 40_000]);
    expect(uploadRetryDelay(1)).toBe(UPLOAD_RETRY_FIRST_MS);
    expect(uploadRetryDelay(20)).toBe(UPLOAD_RETRY_MAX_MS);
  });
});
