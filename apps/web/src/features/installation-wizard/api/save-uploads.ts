import { UploadListSchema, type NewUpload, type Upload } from '@portal/domain/upload';
import { getAuthToken, reportUnauthorized } from '@/lib/api-client';
import { errorFromResponse, errorFromTransport } from '@/lib/api-error';
import { idempotencyHeaders, type WriteOptions } from './save-options';

/** How much of the request has left the device: `loaded` of `total` bytes. */
export type SendProgress = { loaded: number; total: number };

export type SaveUploadsOptions = WriteOptions & {
  /** Called as the request's body goes out, a few times a second. */
  onProgress?: (progress: SendProgress) => void;
  signal?: AbortSignal;
};

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return text;
  }
}

/**
 * Stores new uploads. The wizard sends one file per request (the route takes at most 36 MB), each
 * with its own idempotency key, reused when the same file is sent again. A file already in its
 * slot is answered with the stored upload instead of a copy. The answer leaves out the files' bytes
 * (`Prefer: return=minimal`).
 * Sent with XMLHttpRequest, the one way a browser tells how many bytes of a request went out
 * (`onProgress`); failures leave as the ApiError every other call throws.
 * Refusals: 415 UNSUPPORTED_FILE_TYPE, 413 PAYLOAD_TOO_LARGE, 422 IMAGE_TOO_LARGE, 409 MAX_FILES,
 * 409 INSTALLATION_COMPLETED.
 */
export async function saveUploads(installationId: number, uploads: NewUpload[], options: SaveUploadsOptions): Promise<Upload[]> {
  const token = await getAuthToken();
  return new Promise<Upload[]>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/installations/${installationId}/uploads`);
    const headers: Record<string, string> = {
      ...idempotencyHeaders(options),
      accept: 'application/json',
      'content-type': 'application/json',
      // The answer without the files' bytes: the app has them already, and on mobile data they would come back in full.
      prefer: 'return=minimal',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    };
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    const { onProgress, signal } = options;
    if (onProgress) request.upload.onprogress = (event) => event.lengthComputable && onProgress({ loaded: event.loaded, total: event.total });
    const onAbort = () => request.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    request.onload = () => {
      done();
      const body = parse(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(import.meta.env.DEV ? UploadListSchema.parse(body) : (body as Upload[]));
        return;
      }
      if (request.status === 401) reportUnauthorized();
      reject(errorFromResponse({ status: request.status, statusText: request.statusText }, body));
    };
    request.onerror = () => {
      done();
      reject(errorFromTransport(new TypeError('Failed to fetch')));
    };
    request.ontimeout = request.onerror;
    request.onabort = () => {
      done();
      reject(new DOMException('The upload was stopped', 'AbortError'));
    };
    request.send(JSON.stringify(uploads));
  });
}
