import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import type { AdminCommand } from './commands';

// The CLI's half of the control socket. It loads nothing of the server, so a command sent to a running server
// starts in a fraction of the time a command that opens the database itself takes.

export const controlSocketPath = (dataDir: string) => path.join(dataDir, 'control.sock');

/** True when a live server answers on the socket; a stale socket file is not a server. */
export function isServerListening(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = net.connect(socketPath);
    conn.once('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.once('error', () => resolve(false));
  });
}

export function sendControlCommand(socketPath: string, command: AdminCommand): Promise<{ message: string; token?: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath, path: '/command', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => {
        const parsed = JSON.parse(body) as { message: string; token?: string; error?: string };
        if (res.statusCode === 200) resolve(parsed);
        else reject(new Error(parsed.error ?? `control socket answered ${res.statusCode}`));
      });
    });
    req.on('error', reject);
    req.end(JSON.stringify(command));
  });
}
