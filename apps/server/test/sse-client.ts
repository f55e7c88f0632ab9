import { createParser, type EventSourceMessage } from 'eventsource-parser';

/** A minimal event-stream reader over fetch (tests and benchmarks), with the Bearer header. */
export async function openEventStream(url: string, headers: Record<string, string>, onMessage: (m: EventSourceMessage) => void) {
  const controller = new AbortController();
  const res = await fetch(url, { headers, signal: controller.signal });
  const parser = createParser({ onEvent: onMessage });
  const done = (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    try {
      for await (const chunk of res.body) parser.feed(decoder.decode(chunk as Uint8Array, { stream: true }));
    } catch {
      /* aborted or the server went away */
    }
  })();
  return { res, done, close: () => controller.abort() };
}
