// One client process of the event-stream benchmark (the bench starts several): holds its share of
// the check event streams on plain TCP sockets and notes when each event's bytes reach each socket.
// Times are absolute (time origin plus the monotonic clock), so several processes can be compared.
import net from 'node:net';

export interface StreamSpec {
  installationId: number;
  authorization: string;
}
type Start = { type: 'start'; host: string; port: number; streams: StreamSpec[] };
type Expect = { type: 'expect'; id: number; installationId: number; timeoutMs: number };
type Message = Start | Expect | { type: 'close' } | { type: 'exit' };

interface Stream {
  socket: net.Socket;
  installationId: number;
  /** The end of the last read when it may hold the start of an `id:` line cut by the read. */
  carry: string;
}

const now = () => performance.timeOrigin + performance.now();
const streams: Stream[] = [];
/** How many of this process's streams watch each installation. */
const watching = new Map<number, number>();
/** Arrival times of each event id, one per stream that received it. */
const arrivals = new Map<number, number[]>();
const expected = new Map<number, { count: number; reply: () => void }>();

function arrived(id: number, at: number) {
  let times = arrivals.get(id);
  if (!times) arrivals.set(id, (times = []));
  times.push(at);
  const waiting = expected.get(id);
  if (waiting && times.length >= waiting.count) waiting.reply();
}

function onData(stream: Stream, chunk: Buffer) {
  // The time first: parsing must not count as the event's way to the client.
  const at = now();
  const text = stream.carry + chunk.toString('latin1');
  for (const m of text.matchAll(/\nid: (\d+)\n/g)) arrived(Number(m[1]), at);
  const tail = text.slice(text.lastIndexOf('\n'));
  stream.carry = tail.length < 32 ? tail : '';
}

function openStream(host: string, port: number, spec: StreamSpec, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    socket.setNoDelay(true);
    const stream: Stream = { socket, installationId: spec.installationId, carry: '' };
    let head = '';
    const onHead = (chunk: Buffer) => {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      socket.off('data', onHead);
      if (!head.startsWith('HTTP/1.1 200')) {
        socket.destroy();
        reject(new Error(`stream answered ${head.slice(0, head.indexOf('\r\n'))}`));
        return;
      }
      socket.on('data', (c: Buffer) => onData(stream, c));
      streams.push(stream);
      watching.set(spec.installationId, (watching.get(spec.installationId) ?? 0) + 1);
      resolve();
      onData(stream, Buffer.from(head.slice(end + 2), 'latin1'));
    };
    socket.on('data', onHead);
    socket.on('error', reject);
    socket.write(`GET ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\naccept: text/event-stream\r\nauthorization: ${spec.authorization}\r\n\r\n`);
  });
}

process.on('message', async (message: Message) => {
  try {
    if (message.type === 'start') {
      // A few opens at a time: each one is a claim transaction on the server.
      let next = 0;
      const worker = async () => {
        while (next < message.streams.length) {
          const spec = message.streams[next++]!;
          await openStream(message.host, message.port, spec, `/api/installations/${spec.installationId}/systemChecks/events`);
        }
      };
      await Promise.all(Array.from({ length: 16 }, worker));
      process.send!({ type: 'opened', streams: streams.length });
    } else if (message.type === 'expect') {
      // Answers once every stream of this process on the installation has the event, or at the timeout.
      const { id } = message;
      const count = watching.get(message.installationId) ?? 0;
      let isDone = false;
      const reply = () => {
        if (isDone) return;
        isDone = true;
        clearTimeout(timer);
        expected.delete(id);
        const times = arrivals.get(id) ?? [];
        arrivals.delete(id);
        process.send!({ type: 'arrived', id, expected: count, times });
      };
      const timer = setTimeout(reply, message.timeoutMs);
      expected.set(id, { count, reply });
      if ((arrivals.get(id)?.length ?? 0) >= count) reply();
    } else if (message.type === 'close') {
      for (const s of streams) s.socket.destroy();
      streams.length = 0;
      watching.clear();
      arrivals.clear();
      process.send!({ type: 'closed' });
    } else if (message.type === 'exit') {
      process.exit(0);
    }
  } catch (error) {
    process.send!({ type: 'error', message: String(error) });
  }
});
process.send!({ type: 'ready' });
