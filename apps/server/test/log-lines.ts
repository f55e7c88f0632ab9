import pino from 'pino';

/** A line of the server's log, parsed. */
export interface Line {
  level: number;
  time: number;
  pid: number;
  hostname: string;
  reqId: string;
  msg: string;
  method?: string;
  url?: string;
  ip?: string;
  statusCode?: number;
  responseTime?: number | null;
}

/** What pino itself writes for a request line with these fields, under the same logger and request id. */
export function pinoLineOf(line: Line) {
  let text = '';
  const logger = pino({ level: 'trace', base: { pid: line.pid, hostname: line.hostname }, timestamp: () => `,"time":${line.time}` }, { write: (s: string) => void (text += s) });
  const { method, url, ip, statusCode, responseTime } = line;
  logger.child({ reqId: line.reqId })[line.level === 20 ? 'debug' : 'info']({ method, url, ip, statusCode, responseTime }, line.msg);
  return text.trimEnd();
}
