// The server the browser tests drive: demo mode on a fresh embedded database.
import { rmSync } from 'node:fs';
import { register } from 'tsx/esm/api';
import { E2E_DATA_DIR, E2E_PORT } from '../e2e/config.mjs';

rmSync(E2E_DATA_DIR, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: 'test',
  DEMO: 'true',
  PORT: String(E2E_PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${E2E_PORT}`,
  DATA_DIR: E2E_DATA_DIR,
  SEND_LIMIT_PER_EMAIL: '100',
  SEND_LIMIT_PER_IP: '10000',
  // The simulator reports after 4 s (time for a page to open a run first); a check it never answers fails after 10 s instead of 3 minutes.
  CHECK_WINDOW_SECONDS: '10',
  SIMULATOR: 'true',
  SIMULATOR_DELAY_MS: '4000',
  LOG_LEVEL: 'warn',
});
delete process.env.DATABASE_URL;
register();
await import('../apps/server/src/server.ts');
