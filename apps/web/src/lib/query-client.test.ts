import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { useErrorStore } from './error-store';
import { createQueryClient, isUnexpectedError } from './query-client';

const apiError = (status: number) => new ApiError({ status, code: status === 404 ? 'NOT_FOUND' : 'INTERNAL_ERROR', message: 'x' });

describe('query client', () => {
  it('treats server failures and unknown errors as unexpected, expected 4xx answers not', () => {
    expect(isUnexpectedError(apiError(500))).toBe(true);
    expect(isUnexpectedError(apiError(503))).toBe(true);
    expect(isUnexpectedError(new Error('bug'))).toBe(true);
    expect(isUnexpectedError(apiError(401))).toBe(false);
    expect(isUnexpectedError(apiError(404))).toBe(false);
  });

  it('routes an unexpected query failure into the error modal', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['boom'], queryFn: () => Promise.reject(apiError(500)), retry: false })
      .catch(() => undefined);
    expect(useErrorStore.getState().error?.status).toBe(500);
  });

  it('leaves an expected failure to the screen', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['missing'], queryFn: () => Promise.reject(apiError(404)), retry: false })
      .catch(() => undefined);
    expect(useErrorStore.getState().error).toBeNull();
  });

  it('lets a query opt out of the modal', async () => {
    const client = createQueryClient();
    await client
      .fetchQuery({ queryKey: ['quiet'], queryFn: () => Promise.reject(apiError(500)), retry: false, meta: { errorModal: false } })
      .catch(() => undefined);
    expect(useErrorStore.getState().error).toBeNull();
  });
});
