import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { AppError } from '../errors';
import { runAdminCommand, type AdminCommand, type AdminContext } from './commands';

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

/**
 * The running server's local control socket: the CLI sends commands here instead of opening the
 * embedded database, which only one process may hold. Its presence also marks DATA_DIR as taken.
 */
export async function startControlSocket(socketPath: string, ctx: AdminContext): Promise<http.Server> {
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (body += chunk));
    req.on('end', async () => {
      try {
        const result = await runAdminCommand(ctx, JSON.parse(body) as AdminCommand);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
      } catch (error) {
        const status = error instanceof AppError ? error.status : 400;
        const message = error instanceof Error ? error.message : String(error);
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ error: message }));
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return server;
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
