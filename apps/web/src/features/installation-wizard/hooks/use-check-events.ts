import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchEventSource, type EventSourceMessage } from '@microsoft/fetch-event-source';
import type { SystemCheckRun } from '@portal/domain/system-check';
import { getAuthToken, reportUnauthorized } from '@/lib/api-client';
import { ApiError, errorFromResponse, normalizeError } from '@/lib/api-error';
import { i18n } from '@/lib/i18n';
import { installationKeys } from '@/lib/query-keys';
import { applyCheckEvent } from '../lib/check-run';
import { loadOnce } from '@/lib/load-once';

const EVENT_STREAM_TYPE = 'text/event-stream';

/** What a message must be to count; it loads with the schema library when the tab opens the stream. */
const eventSchema = loadOnce(() => import('../schemas/check-events').then((m) => m.SystemCheckEventSchema));
type EventSchema = Awaited<ReturnType<typeof eventSchema.get>>;

/** Retrying cannot help (refused, not found, not an event stream): the stream stops and says why. */
class FatalStreamError extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
  }
}

/** The server ended the stream (a restart, a deploy): connect again, from the last event seen. */
class StreamEndedError extends Error {}

export type CheckStreamStatus = 'connecting' | 'live' | 'reconnecting' | 'failed';

/** Every (re)connection asks for a current ID token, so a long wait never sends an expired one. */
async function authorizedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const token = await getAuthToken();
  const headers = new Headers(init?.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  return fetch(input, { ...init, headers });
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    return undefined;
  }
}

/** SPEC §7: anything but a successful text/event-stream answer is an error; 5xx may be retried. */
async function checkResponse(response: Response): Promise<void> {
  const type = response.headers.get('content-type') ?? '';
  if (response.ok && type.startsWith(EVENT_STREAM_TYPE)) return;
  if (!response.ok) {
    const error = errorFromResponse(response, await readErrorBody(response));
    if (error.status === 401) {
      reportUnauthorized();
      throw new FatalStreamError(error);
    }
    if (error.status >= 500) throw error;
    throw new FatalStreamError(error);
  }
  throw new FatalStreamError(
    new ApiError({ status: response.status, code: 'INVALID_CONTENT_TYPE', message: i18n.t('wizard.digitalCheck.stream.wrongType', { type: type || '–' }) }),
  );
}

/**
 * The live results of an installation's checks: a server-sent event stream (Bearer header,
 * `Last-Event-ID` of the cached run on the first connection, the library's own on reconnects)
 * whose messages update the cached run. Closed when the tab unmounts.
 */
export function useCheckEvents(installationId: number, { enabled }: { enabled: boolean }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<CheckStreamStatus>('connecting');
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    const key = installationKeys.systemChecks(installationId);
    const lastEventId = queryClient.getQueryData<SystemCheckRun>(key)?.lastEventId;

    const onMessage = (schema: EventSchema) => (message: EventSourceMessage) => {
      // Keep-alive comments and the retry hint arrive as messages without data.
      if (!message.data) return;
      let parsed: unknown;
      try {
        parsed = JSON.parse(message.data);
      } catch {
        return;
      }
      const event = schema.safeParse(parsed);
      if (!event.success) return;
      queryClient.setQueryData<SystemCheckRun>(key, (run) => (run ? applyCheckEvent(run, event.data, message.id) : run));
      void queryClient.invalidateQueries({ queryKey: installationKeys.summary(installationId) });
    };

    const open = (schema: EventSchema) =>
      fetchEventSource(`/api/installations/${installationId}/systemChecks/events`, {
        signal: controller.signal,
        headers: lastEventId ? { 'last-event-id': lastEventId } : {},
        fetch: authorizedFetch,
        onopen: async (response) => {
          await checkResponse(response);
          setStatus('live');
          setError(null);
        },
        onmessage: onMessage(schema),
        onclose: () => {
          throw new StreamEndedError();
        },
        onerror: (cause: unknown) => {
          if (cause instanceof FatalStreamError) throw cause;
          // Offline, server restarting, 5xx: try again after the server's `retry` interval.
          setStatus('reconnecting');
          return undefined;
        },
      });

    // The stream opens once the messages' schema is there: it loads when the tab has been painted.
    eventSchema
      .get()
      .then((schema) => (controller.signal.aborted ? undefined : open(schema)))
      .catch((cause: unknown) => {
        if (controller.signal.aborted) return;
        setStatus('failed');
        setError(cause instanceof FatalStreamError ? cause.error : normalizeError(cause));
      });

    return () => controller.abort();
  }, [enabled, installationId, queryClient, attempt]);

  /** After a failure: open the stream again, from the last event seen. */
  const reconnect = useCallback(() => {
    setStatus('connecting');
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { status, error, reconnect };
}
