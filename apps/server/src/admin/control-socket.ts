import fs from 'node:fs';
import http from 'node:http';
import { AppError } from '../errors';
import { runAdminCommand, type AdminCommand, type AdminContext } from './commands';

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
