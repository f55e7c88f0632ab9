/**
 * A server-sent event stream for component tests: wraps a fetch fake so that `path` answers with
 * a streaming text/event-stream response whose messages the test pushes.
 */
export function fakeEventStream(path: string, { contentType = 'text/event-stream' }: { contentType?: string } = {}) {
  const encoder = new TextEncoder();
  const connections: { headers: Headers; controller: ReadableStreamDefaultController<Uint8Array> | null }[] = [];

  const wrap =
    (fetchFn: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>) =>
    async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== path) return fetchFn(input, init);
      const connection: (typeof connections)[number] = { headers: new Headers(init?.headers), controller: null };
      connections.push(connection);
      if (!contentType.startsWith('text/event-stream')) {
        return new Response(JSON.stringify({ ok: true }), { status: 200, headers: { 'content-type': contentType } });
      }
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          connection.controller = controller;
          controller.enqueue(encoder.encode('retry: 1000\n\n'));
        },
      });
      init?.signal?.addEventListener('abort', () => {
        try {
          connection.controller?.error(new DOMException('aborted', 'AbortError'));
        } catch {
          // already closed
        }
      });
      return new Response(body, { status: 200, headers: { 'content-type': contentType } });
    };

  return {
    wrap,
    connections,
    /** Sends one message on the newest connection. */
    push(id: number, data: unknown) {
      const connection = connections.at(-1);
      if (!connection?.controller) throw new Error(`no open stream on ${path}`);
      connection.controller.enqueue(encoder.encode(`id: ${id}\ndata: ${JSON.stringify(data)}\n\n`));
    },
  };
}
