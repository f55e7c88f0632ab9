import { Worker } from 'node:worker_threads';
import pino from 'pino';

/**
 * The server's log on its way out: lines go into a ring of shared memory, and a worker thread
 * (`log-writer.ts`) takes them out a few times a second and writes them to the log's file
 * descriptor. A request's line goes in as its fields (numbers, and the characters of its id,
 * method, path and address), not as text: the thread that answers requests neither makes the line
 * nor waits for it to be written, and no one is woken per line. Every other line (pino's own) goes in
 * as its text, in the same order.
 *
 * A writer that falls behind by a whole ring (stdout blocked for seconds) does not hold up requests:
 * lines that no longer fit are dropped, and the next line written says how many.
 */

/**
 * The ring's size in UTF-16 code units (4 MB): about a second of lines at the most requests a
 * process can answer, many minutes at a depot's pace.
 */
export const RING_UNITS = 1 << 21;
/** How often the writer looks for lines when nobody wakes it: a quiet server's lines show up within this. */
export const DRAIN_INTERVAL_MS = 100;

/** Slots of the control words. */
const WRITTEN = 0; // units written in all (mod 2^32), stored once a record is complete
const READ = 1; // units taken out in all (mod 2^32), stored once they are written
const LOCK = 2; // 1 while a drain runs (the writer's, or the main thread's at close)
const WAKE = 3; // 1 once the writer has been woken; it sets 0 before it looks
const DROPPED = 4; // lines dropped since the last drain
const STOP = 5; // 1 once the writer should drain a last time and end
const CONTROL_WORDS = 6;

const REQUEST = 1;
const TEXT = 2;
/** A string field that is absent (a request without an address). */
const ABSENT = 0xffff;
/** Longest string field kept in full; a longer one (a path near the header limit) is cut there. */
const MAX_FIELD = 0xfffe;

/** What every line shares, from the logger the lines would otherwise be written by. */
export interface LineFormat {
  /** `{"level":30` and the like, by level. */
  levels: Record<number, string>;
  /** The logger's bindings as text (`,"pid":…,"hostname":…`). */
  chindings: string;
  /** The key of the request id among a request's bindings (Fastify's `reqId`). */
  requestIdKey: string;
  messageKey: string;
  /** `}` and the line's end. */
  end: string;
}

/** The shared memory of one ring, as the main thread and the writer both see it. */
export interface RingMemory {
  units: SharedArrayBuffer;
  control: SharedArrayBuffer;
}

const pinoSymbols = pino.symbols as unknown as Record<string, symbol>;

/** The format of the lines `logger` writes (a logger made by `pino()` with the default time and formatters). */
export function lineFormatOf(logger: pino.Logger): LineFormat {
  const l = logger as unknown as Record<symbol, unknown>;
  return {
    levels: { ...(l[pinoSymbols.lsCacheSym!] as Record<number, string>) },
    chindings: l[pinoSymbols.chindingsSym!] as string,
    requestIdKey: 'reqId',
    messageKey: l[pinoSymbols.messageKeySym!] as string,
    end: l[pinoSymbols.endSym!] as string,
  };
}

/** The line that says how many lines were dropped. */
const droppedLineText = (format: LineFormat, count: number) =>
  `${format.levels[40] ?? format.levels[30]!},"time":${Date.now()}${format.chindings},${JSON.stringify(format.messageKey)}:"${count} log lines were dropped: the log's output fell behind"${format.end}`;

/** The length of a URL's part before its query: sign-in links carry one-time tokens there. */
export const pathLength = (url: string) => {
  const query = url.indexOf('?');
  return query < 0 ? url.length : query;
};

/** For moving a number in and out of the ring as four units. */
const f64 = new Float64Array(1);
const f64Units = new Uint16Array(f64.buffer);

/** A line of text as bytes. */
const bytesOf = (text: string) => Buffer.from(text, 'utf8');

/** Formatted lines are gathered into blocks of this size before they are written. */
const BLOCK_BYTES = 256 * 1024;

/**
 * Takes lines out of a ring and hands them to `write` as blocks of bytes, in order: the writer
 * thread's loop, and the main thread's drains at close. A request's line is written straight from
 * its fields, byte for byte what pino writes for
 * `log.child({ reqId })[level]({ method, url, ip, statusCode, responseTime }, requestMessage)`.
 * Returns false when the other side holds the ring.
 */
export function createDrain(memory: RingMemory, format: LineFormat, requestMessage: string, write: (bytes: Buffer) => void) {
  const units = new Uint16Array(memory.units);
  const control = new Int32Array(memory.control);
  const mask = units.length - 1;
  const decoder = new TextDecoder('utf-16le');
  const scratch = new Uint16Array(MAX_FIELD + 1);
  /** Text of `length` units from `at`, copied out of shared memory first (the decoder takes no shared views). */
  const textAt = (at: number, length: number) => {
    const buffer = length <= scratch.length ? scratch : new Uint16Array(length);
    for (let i = 0; i < length; i++) buffer[i] = units[(at + i) & mask]!;
    return decoder.decode(buffer.subarray(0, length));
  };
  const numberAt = (at: number) => {
    for (let i = 0; i < 4; i++) f64Units[i] = units[(at + i) & mask]!;
    return f64[0]!;
  };

  // The parts of a request's line around its fields.
  const beforeTime: Buffer[] = [];
  for (const [level, label] of Object.entries(format.levels)) beforeTime[Number(level)] = bytesOf(`${label},"time":`);
  const beforeId = bytesOf(`${format.chindings},${JSON.stringify(format.requestIdKey)}:`);
  const beforeMethod = bytesOf(',"method":');
  const beforeUrl = bytesOf(',"url":');
  const beforeIp = bytesOf(',"ip":');
  const beforeStatus = bytesOf(',"statusCode":');
  const beforeResponseTime = bytesOf(',"responseTime":');
  const ending = bytesOf(`,${JSON.stringify(format.messageKey)}:${JSON.stringify(requestMessage)}${format.end}`);
  /** At most how many bytes a request's line takes beyond its fields' characters (6 bytes each at most, as `\uXXXX`). */
  const fixedBytes = Math.max(...beforeTime.filter(Boolean).map((b) => b.length)) + beforeId.length + beforeMethod.length + beforeUrl.length + beforeIp.length + beforeStatus.length + beforeResponseTime.length + ending.length + 3 * 25 + 8 * 2;

  let block = Buffer.allocUnsafe(BLOCK_BYTES);
  let used = 0;
  const writeBlock = () => {
    if (used === 0) return;
    // The block is handed over, not reused: the output may still hold it.
    write(block.subarray(0, used));
    block = Buffer.allocUnsafe(BLOCK_BYTES);
    used = 0;
  };
  const put = (bytes: Uint8Array) => {
    block.set(bytes, used);
    used += bytes.length;
  };
  /** Text of ASCII characters only (a number as JavaScript writes it). */
  const putAscii = (text: string) => {
    for (let i = 0; i < text.length; i++) block[used++] = text.charCodeAt(i);
  };
  /**
   * A string field from the ring as a JSON string. Printable ASCII without quotes or backslashes is
   * copied as it is; anything else goes through JSON.stringify, as pino does.
   */
  const putString = (at: number, length: number) => {
    const start = used;
    block[used++] = 0x22;
    for (let i = 0; i < length; i++) {
      const c = units[(at + i) & mask]!;
      if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
        used = start;
        used += block.write(JSON.stringify(textAt(at, length)), used, 'utf8');
        return;
      }
      block[used++] = c;
    }
    block[used++] = 0x22;
  };

  /** What comes before each of a request's string fields (id, method, path, address): the id's is in `beforeId`. */
  const beforeField = [null, beforeMethod, beforeUrl, beforeIp];
  /** The string fields' lengths of the record being formatted. */
  const sizes = [0, 0, 0, 0];

  /** Formats the request record at `at`; returns where the next record starts. */
  const putRequest = (at: number) => {
    const level = units[(at + 1) & mask]!;
    const statusCode = units[(at + 2) & mask]!;
    const time = numberAt(at + 3);
    const responseTime = numberAt(at + 7);
    // The four string fields (id, method, path, address): each its length, then its characters.
    let characters = 0;
    for (let i = 0, field = at + 11; i < 4; i++) {
      const size = units[field & mask]!;
      sizes[i] = size;
      if (size !== ABSENT) characters += size;
      field += 1 + (size === ABSENT ? 0 : size);
    }
    if (used + fixedBytes + 6 * characters > block.length) {
      writeBlock();
      if (fixedBytes + 6 * characters > block.length) block = Buffer.allocUnsafe(fixedBytes + 6 * characters);
    }
    put(beforeTime[level] ?? beforeTime[30]!);
    putAscii(String(time));
    put(beforeId);
    let field = at + 11;
    for (let i = 0; i < 4; i++) {
      const size = sizes[i]!;
      if (size !== ABSENT) {
        const before = beforeField[i];
        if (before) put(before);
        putString(field + 1, size);
      }
      field += 1 + (size === ABSENT ? 0 : size);
    }
    put(beforeStatus);
    putAscii(String(statusCode));
    put(beforeResponseTime);
    putAscii(Number.isFinite(responseTime) ? String(responseTime) : 'null');
    put(ending);
    return field;
  };
  /** Copies the text record at `at` (a line pino wrote); returns where the next record starts. */
  const putText = (at: number) => {
    const size = units[(at + 1) & mask]! | (units[(at + 2) & mask]! << 16);
    const line = bytesOf(textAt(at + 3, size));
    if (used + line.length > block.length) writeBlock();
    if (line.length > block.length) write(line);
    else put(line);
    return at + 3 + size;
  };

  return function drain(): boolean {
    if (Atomics.compareExchange(control, LOCK, 0, 1) !== 0) return false;
    try {
      let read = Atomics.load(control, READ);
      const written = Atomics.load(control, WRITTEN);
      while (read !== written) {
        read = (units[read & mask] === TEXT ? putText(read) : putRequest(read)) | 0;
        if (used >= BLOCK_BYTES >>> 1) {
          writeBlock();
          Atomics.store(control, READ, read);
        }
      }
      const dropped = Atomics.exchange(control, DROPPED, 0);
      if (dropped > 0) {
        const line = bytesOf(droppedLineText(format, dropped));
        if (used + line.length > block.length) writeBlock();
        put(line);
      }
      writeBlock();
      Atomics.store(control, READ, read);
      return true;
    } finally {
      Atomics.store(control, LOCK, 0);
      Atomics.notify(control, LOCK);
    }
  };
}

/**
 * Writes blocks of bytes to `fd` at once, waiting out a full pipe (pino's destination, in its mode
 * for bytes; its types name only text).
 */
export function bytesWriter(fd: number) {
  const output = pino.destination({ dest: fd, sync: true, contentMode: 'buffer' });
  return (bytes: Buffer) => void output.write(bytes as unknown as string);
}

/** What the writer thread is given. */
export interface WriterData {
  memory: RingMemory;
  format: LineFormat;
  requestMessage: string;
  fd: number;
}

/**
 * The writer thread's loop: drains the ring every DRAIN_INTERVAL_MS, or at once when the main
 * thread finds it half full, until it is told to stop.
 */
export function runWriter(memory: RingMemory, drain: () => boolean) {
  const control = new Int32Array(memory.control);
  for (;;) {
    Atomics.wait(control, WAKE, 0, DRAIN_INTERVAL_MS);
    Atomics.store(control, WAKE, 0);
    drain();
    if (Atomics.load(control, STOP) === 1) return;
  }
}

const WRITER_ENTRY = new URL('./log-writer.mjs', import.meta.url);

export interface LogRing {
  /** A stream for pino: each line it writes goes into the ring as text. */
  stream: { write(line: string): void };
  /** Puts a request's line into the ring as its fields (the path without its query). */
  request(level: number, reqId: string, method: string, url: string, ip: string | undefined, statusCode: number, responseTime: number): void;
  /** Writes out every line in the ring on this thread (waiting up to `timeoutMs` for the writer to let go of it) and stops the writer. */
  close(timeoutMs?: number): void;
}

/**
 * A ring for the lines of a logger of format `format`, written to `fd` by a writer thread. `writeSync`
 * writes the main thread's last drain (at close, or when the writer thread is gone).
 */
export function createLogRing(options: { format: LineFormat; requestMessage: string; fd: number; writeSync: (bytes: Buffer) => void; units?: number }): LogRing {
  const size = options.units ?? RING_UNITS;
  if ((size & (size - 1)) !== 0) throw new Error('The log ring holds a power of two of units');
  const memory: RingMemory = { units: new SharedArrayBuffer(size * 2), control: new SharedArrayBuffer(CONTROL_WORDS * 4) };
  const units = new Uint16Array(memory.units);
  const control = new Int32Array(memory.control);
  const mask = size - 1;
  /** Units written in all: only this thread writes, so it keeps its own count and publishes it. */
  let written = 0;
  let closed = false;
  const drainHere = createDrain(memory, options.format, options.requestMessage, options.writeSync);

  const writer = new Worker(WRITER_ENTRY, {
    workerData: { memory, format: options.format, requestMessage: options.requestMessage, fd: options.fd } satisfies WriterData,
    // A small heap: the writer keeps nothing but the block it is filling.
    resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
    stdout: false,
    stderr: false,
  });
  writer.unref();
  /** Without its writer (it failed to start, or died), the ring is drained on this thread as it fills. */
  let writerGone = false;
  writer.once('error', () => (writerGone = true));
  writer.once('exit', () => {
    writerGone = true;
    if (!closed) drainHere();
  });

  /** Room for `needed` units, or false (the line is dropped and counted). */
  const room = (needed: number) => {
    const used = (written - Atomics.load(control, READ)) >>> 0;
    if (used + needed > size) {
      if (writerGone) {
        drainHere();
        if (((written - Atomics.load(control, READ)) >>> 0) + needed <= size) return true;
      }
      Atomics.add(control, DROPPED, 1);
      return false;
    }
    // Half full: wake the writer now rather than at its next look (once until it has looked).
    if (used + needed > size >>> 1 && Atomics.compareExchange(control, WAKE, 0, 1) === 0) Atomics.notify(control, WAKE);
    return true;
  };
  const publish = (at: number) => {
    written = at | 0;
    Atomics.store(control, WRITTEN, written);
  };
  /** Puts the first `length` characters of `text` at `at`, after their count; returns where it ends. */
  const putField = (at: number, text: string | undefined, length: number) => {
    if (text === undefined) {
      units[at & mask] = ABSENT;
      return at + 1;
    }
    units[at & mask] = length;
    for (let i = 0; i < length; i++) units[(at + 1 + i) & mask] = text.charCodeAt(i);
    return at + 1 + length;
  };
  const putNumber = (at: number, value: number) => {
    f64[0] = value;
    units[at & mask] = f64Units[0]!;
    units[(at + 1) & mask] = f64Units[1]!;
    units[(at + 2) & mask] = f64Units[2]!;
    units[(at + 3) & mask] = f64Units[3]!;
  };

  return {
    stream: {
      write(line: string) {
        const length = line.length;
        if (length + 3 > size) {
          Atomics.add(control, DROPPED, 1);
          return;
        }
        if (!room(length + 3)) return;
        const at = written;
        units[at & mask] = TEXT;
        units[(at + 1) & mask] = length & 0xffff;
        units[(at + 2) & mask] = length >>> 16;
        for (let i = 0; i < length; i++) units[(at + 3 + i) & mask] = line.charCodeAt(i);
        publish(at + 3 + length);
        if (closed) drainHere();
      },
    },
    request(level, reqId, method, url, ip, statusCode, responseTime) {
      const idLength = Math.min(reqId.length, MAX_FIELD);
      const methodLength = Math.min(method.length, MAX_FIELD);
      const urlLength = Math.min(pathLength(url), MAX_FIELD);
      const ipLength = ip === undefined ? 0 : Math.min(ip.length, MAX_FIELD);
      if (!room(11 + 4 + idLength + methodLength + urlLength + ipLength)) return;
      let at = written;
      units[at & mask] = REQUEST;
      units[(at + 1) & mask] = level;
      units[(at + 2) & mask] = statusCode;
      putNumber(at + 3, Date.now());
      putNumber(at + 7, responseTime);
      at = putField(at + 11, reqId, idLength);
      at = putField(at, method, methodLength);
      at = putField(at, url, urlLength);
      at = putField(at, ip, ipLength);
      publish(at);
      if (closed) drainHere();
    },
    close(timeoutMs = 2000) {
      if (closed) return;
      closed = true;
      Atomics.store(control, STOP, 1);
      // The writer may be half-way through a drain: wait for it to let go, then write the rest here.
      const deadline = Date.now() + timeoutMs;
      while (!drainHere() && Date.now() < deadline) Atomics.wait(control, LOCK, 1, Math.max(1, deadline - Date.now()));
      if (Atomics.compareExchange(control, WAKE, 0, 1) === 0) Atomics.notify(control, WAKE);
    },
  };
}
