import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest, configureApiAuth, resetApiAuth } from './api-client';
import { ApiError, errorFromResponse, errorFromTransport, normalizeError } from './api-error';
import { i18n } from './i18n';

function jsonResponse(status: number, body: unknown, statusText = '') {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

async function failureOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('error normalisation (SPEC §8)', () => {
  it('keeps status, code, message and details of the server envelope', () => {
    const error = errorFromResponse(
      { status: 400, statusText: 'Bad Request' },
      { status: 400, code: 'VALIDATION_ERROR', message: 'email: Invalid email', details: [{ path: ['email'] }] },
    );
    expect(error.toJSON()).toEqual({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'email: Invalid email',
      details: [{ path: ['email'] }],
    });
  });

  it('falls back to the HTTP status, UNKNOWN_ERROR and the transport message when there is no envelope', () => {
    const error = errorFromResponse({ status: 502, statusText: 'Bad Gateway' }, '<html>proxy error</html>');
    expect(error.toJSON()).toMatchObject({ status: 502, code: 'UNKNOWN_ERROR', message: 'Bad Gateway' });
  });

  it("says 'Something went wrong' when neither the server nor the transport gave a message", () => {
    const error = errorFromResponse({ status: 503, statusText: '' }, undefined);
    expect(error.message).toBe('Something went wrong');
    expect(error.code).toBe('UNKNOWN_ERROR');
  });

  it('defaults the status to 500 when none is known', () => {
    expect(errorFromResponse({}, { code: 'INTERNAL_ERROR', message: 'Boom' }).status).toBe(500);
    expect(errorFromTransport(new TypeError('Failed to fetch')).status).toBe(500);
  });

  it('uses the transport message for network failures, else the generic one', () => {
    expect(errorFromTransport(new TypeError('Failed to fetch')).message).toBe('Failed to fetch');
    expect(errorFromTransport(new TypeError('')).message).toBe('Something went wrong');
  });

  it("reports anything else as 'An unexpected error occurred'", () => {
    const error = normalizeError(new RangeError('internal detail'));
    expect(error.toJSON()).toMatchObject({ status: 500, code: 'UNKNOWN_ERROR', message: 'An unexpected error occurred' });
    expect(normalizeError(error)).toBe(error);
  });

  it('speaks the language of the portal', async () => {
    await i18n.changeLanguage('de');
    expect(normalizeError('x').message).toBe('Ein unerwarteter Fehler ist aufgetreten');
    expect(errorFromTransport(undefined).message).toBe('Etwas ist schiefgelaufen');
  });
});

describe('apiRequest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    fetchMock.mockReset();
    onUnauthorized.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    resetApiAuth();
    configureApiAuth({ getToken: async () => 'token-1', onUnauthorized });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends the ID token as a Bearer header and returns the parsed body', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 'u1' }));
    const data = await apiRequest('/api/me', { schema: z.object({ id: z.string() }) });
    expect(data).toEqual({ id: 'u1' });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('authorization')).toBe('Bearer token-1');
  });

  it('waits for the auth wiring before an authenticated call leaves', async () => {
    resetApiAuth();
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    vi.useFakeTimers();
    let pending: Promise<unknown>;
    try {
      pending = apiRequest('/api/me');
      // However long the wiring takes, nothing leaves without it.
      await vi.advanceTimersByTimeAsync(60_000);
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
    configureApiAuth({ getToken: async () => 'late-token', onUnauthorized });
    await pending;
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).get('authorization')).toBe('Bearer late-token');
  });

  it('sends no token to public endpoints', async () => {
    resetApiAuth();
    fetchMock.mockResolvedValue(jsonResponse(200, { ok: true }));
    await apiRequest('/config.auth.json', { auth: false });
    expect(new Headers(fetchMock.mock.calls[0]?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('turns a server envelope into an ApiError', async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { status: 404, code: 'NOT_FOUND', message: 'Fleet not found' }));
    const error = await failureOf(apiRequest('/api/fleets/other'));
    expect(error.toJSON()).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Fleet not found' });
  });

  it('turns a network failure into an ApiError with the transport message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const error = await failureOf(apiRequest('/api/me'));
    expect(error.toJSON()).toMatchObject({ status: 500, code: 'UNKNOWN_ERROR', message: 'Failed to fetch' });
    expect(error.isNetworkError).toBe(true);
  });

  it('marks only failures without an answer as network errors', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, code: 'INTERNAL_ERROR', message: 'Boom' }));
    expect((await failureOf(apiRequest('/api/me'))).isNetworkError).toBe(false);
  });

  it('marks an outage as the service being unavailable, without signing out', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { status: 503, code: 'SERVICE_UNAVAILABLE', message: 'The database is not reachable.' }));
    const outage = await failureOf(apiRequest('/api/me'));
    expect(outage.toJSON()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(outage.isServiceUnavailable).toBe(true);
    expect(onUnauthorized).not.toHaveBeenCalled();
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect((await failureOf(apiRequest('/api/me'))).isServiceUnavailable).toBe(true);
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 500, code: 'INTERNAL_ERROR', message: 'Boom' }));
    expect((await failureOf(apiRequest('/api/me'))).isServiceUnavailable).toBe(false);
  });

  it('sends extra headers such as the Idempotency-Key', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, {}));
    await apiRequest('/api/installations', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'save-12345678' } });
    const headers = new Headers(fetchMock.mock.calls[0]?.[1]?.headers);
    expect(headers.get('idempotency-key')).toBe('save-12345678');
    expect(headers.get('authorization')).toBe('Bearer token-1');
  });

  it("turns a success body of the wrong shape into 'An unexpected error occurred'", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { id: 42 }));
    const error = await failureOf(apiRequest('/api/me', { schema: z.object({ id: z.string() }) }));
    expect(error.message).toBe('An unexpected error occurred');
    expect(error.status).toBe(500);
  });

  it('signs out on a 401 of an authenticated call', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, code: 'UNAUTHORIZED', message: 'No session' }));
    const error = await failureOf(apiRequest('/api/me'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves a 401 of a sign-in call to the login page', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { status: 401, code: 'UNAUTHORIZED', message: 'No session' }));
    await failureOf(apiRequest('/api/auth/token', { auth: false }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('sends JSON bodies with their content type', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 200 }));
    await apiRequest('/api/auth/sign-out', { method: 'POST', body: {}, auth: false, credentials: 'include' });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe('{}');
    expect(init?.credentials).toBe('include');
    expect(new Headers(init?.headers).get('content-type')).toBe('application/json');
  });
});
