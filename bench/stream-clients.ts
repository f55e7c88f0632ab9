// The client side of the event-stream benchmark, in a process of its own: opens many check event
// streams over plain HTTP, then posts heartbeats and times each event's way to every open stream.
import http from 'node:http';

type Start = { type: 'start'; url: string; users: Record<string, string>[]; streamsPerUser: number; streams: number };
type Run = { type: 'run'; heartbeatUrl: string; deviceKey: string; imei: string; heartbeats: number };

interface Waiting {
  /** The heartbeat's event is the first with an id above every one seen before it was sent. */
  id: number;
  remaining: number;
  sent: number;
  samples: number[];
  done: () => void;
}

interface Stream {
  req: http.ClientRequest;
  counted: Waiting | null;
}

const streams: Stream[] = [];
let waiting: Waiting | null = null;
let maxSeen = 0;
const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });

function openStream(url: string, headers: Record<string, string>): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const stream: Stream = { req: null as unknown as http.ClientRequest, counted: null };
    stream.req = http.get(url, { headers, agent }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let resolved = false;
      res.on('data', (chunk: string) => {
        if (!resolved) {
          resolved = true;
          resolve(stream);
        }
        const at = performance.now();
        for (const m of chunk.matchAll(/^id: (\d+)$/gm)) eventArrived(stream, Number(m[1]), at);
      });
      res.on('error', () => {});
    });
    stream.req.on('error', (error) => reject(error));
  });
}

function eventArrived(stream: Stream, id: number, at: number) {
  maxSeen = Math.max(maxSeen, id);
  if (!waiting || id < waiting.id || stream.counted === waiting) return;
  stream.counted = waiting;
  waiting.samples.push(at - waiting.sent);
  if (--waiting.remaining === 0) waiting.done();
}

async function postHeartbeat(url: string, key: string, imei: string): Promise<void> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key },
    body: JSON.stringify({ type: 'telematics-heartbeat', imei, timestamp: new Date().toISOString() }),
  });
  if (res.status !== 202) throw new Error(`heartbeat answered ${res.status}`);
}

process.on('message', async (message: Start | Run | { type: 'close' }) => {
  try {
    if (message.type === 'start') {
      // A few opens at a time: each one is a claim transaction on the server.
      let next = 0;
      const worker = async () => {
        while (next < message.streams) {
          const user = message.users[Math.floor(next++ / message.streamsPerUser)]!;
          streams.push(await openStream(message.url, user));
        }
      };
      await Promise.all(Array.from({ length: 32 }, worker));
      process.send!({ type: 'opened', streams: streams.length });
    } else if (message.type === 'run') {
      // Event ids grow; each heartbeat's event is the first id above the last one seen.
      const samples: number[] = [];
      const perHeartbeatLast: number[] = [];
      let missed = 0;
      for (let i = 0; i < message.heartbeats; i++) {
        const before = samples.length;
        const arrived = new Promise<void>((done) => {
          waiting = { id: maxSeen + 1, remaining: streams.length, sent: performance.now(), samples, done };
        });
        await postHeartbeat(message.heartbeatUrl, message.deviceKey, message.imei);
        const timeout = new Promise<void>((r) => setTimeout(r, 10_000));
        await Promise.race([arrived, timeout]);
        missed += waiting!.remaining;
        waiting = null;
        perHeartbeatLast.push(samples.slice(before).reduce((a, b) => Math.max(a, b), 0));
      }
      process.send!({ type: 'result', samples, perHeartbeatLast, missed });
    } else if (message.type === 'close') {
      for (const s of streams) s.req.destroy();
      process.exit(0);
    }
  } catch (error) {
    process.send!({ type: 'error', message: String(error) });
  }
});
process.send!({ type: 'ready' });
