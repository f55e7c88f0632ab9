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
      const reader = res.body.getReader();
      for (let part = await reader.read(); !part.done; part = await reader.read()) parser.feed(decoder.decode(part.value, { stream: true }));
    } catch {
      /* aborted or the server went away */
    }
  })();
  return { res, done, close: () => controller.abort() };
}
