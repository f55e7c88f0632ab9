import type { z } from 'zod';
import { ApiError, errorFromResponse, errorFromTransport, normalizeError } from './api-error';
import { takeBootResponse } from './boot-requests';

type AuthBridge = {
  /** Resolves the current ID token, renewing it first when needed; null when there is no session. */
  getToken: () => Promise<string | null>;
  /** Called once per 401 of an authenticated call: sign out locally and go to the login page. */
  onUnauthorized: () => void;
};

let authBridge: AuthBridge | null = null;
let markAuthReady: () => void = () => {};
let authReady = new Promise<void>((resolve) => {
  markAuthReady = resolve;
});

/** The app wires auth in once at start-up; authenticated calls wait until then. */
export function configureApiAuth(bridge: AuthBridge): void {
  authBridge = bridge;
  markAuthReady();
}

/** For tests: forget the wiring so the next call waits again. */
export function resetApiAuth(): void {
  authBridge = null;
  authReady = new Promise<void>((resolve) => {
    markAuthReady = resolve;
  });
}

/**
 * The ID token for a call that cannot go through apiRequest (the check event stream), fetched
 * anew for each connection; waits for the auth wiring like every call.
 */
export async function getAuthToken(): Promise<string | null> {
  await authReady;
  return (await authBridge?.getToken()) ?? null;
}

/** A 401 outside apiRequest signs out the same way. */
export function reportUnauthorized(): void {
  authBridge?.onUnauthorized();
}

export type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a Blob (e.g. a CSV file) is sent as it is, with its own content type. */
  body?: unknown;
  /**
   * Validates and types the success body. The fleet home's reads, the partners list and the wizard's
   * reads and writes pass it in development builds and tests only (`import.meta.env.DEV ? Schema :
   * undefined`): the server's response schemas already shape every body, and the home would otherwise
   * load the schema library before its first row, a wizard tab before it shows.
   */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** Send the Bearer ID token (default). Auth endpoints ride on the session cookie instead. */
  auth?: boolean;
  /** Send the session cookie. */
  credentials?: RequestCredentials;
  /** Whether a 401 signs the user out (default: only for authenticated calls). */
  signOutOnUnauthorized?: boolean;
  /** Extra request headers, e.g. `Idempotency-Key` on a write that may be retried. */
  headers?: Record<string, string>;
  /** 'blob' reads a success body as bytes (a file download) instead of JSON. */
  responseType?: 'json' | 'blob';
};

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (text === '') return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  return JSON.parse(text) as unknown;
}

async function send<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { method = 'GET', body, schema, signal, auth = true, credentials = 'same-origin' } = options;
  const headers = new Headers({ ...options.headers, accept: options.responseType === 'blob' ? '*/*' : 'application/json' });
  const isBlob = body instanceof Blob;
  if (body !== undefined) headers.set('content-type', isBlob ? body.type || 'application/octet-stream' : 'application/json');

  if (auth) {
    await authReady;
    const token = await authBridge?.getToken();
    if (token) headers.set('authorization', `Bearer ${token}`);
  }

  let response: Response;
  try {
    // The first screen's reads were sent at boot (lib/boot-requests); a failed one is sent again here.
    const early = method === 'GET' && options.responseType !== 'blob' ? await takeBootResponse(path) : null;
    response =
      early ??
      (await fetch(path, {
        method,
        headers,
        body: body === undefined ? undefined : isBlob ? body : JSON.stringify(body),
        credentials,
        signal,
      }));
  } catch (cause) {
    if (isAbort(cause)) throw cause;
    throw errorFromTransport(cause);
  }

  if (!response.ok) {
    let errorBody: unknown;
    try {
      errorBody = await readBody(response);
    } catch {
      errorBody = undefined;
    }
    const error = errorFromResponse(response, errorBody);
    if (error.status === 401 && (options.signOutOnUnauthorized ?? auth)) authBridge?.onUnauthorized();
    throw error;
  }

  if (options.responseType === 'blob') return (await response.blob()) as T;
  const data = await readBody(response);
  return schema ? schema.parse(data) : (data as T);
}

/**
 * The one way the app talks to the server. Every failure leaves as an ApiError:
 * server envelope first, transport message next, 'An unexpected error occurred' for anything else.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  try {
    return await send(path, options);
  } catch (error) {
    if (error instanceof ApiError || isAbort(error)) throw error;
    throw normalizeError(error);
  }
}
