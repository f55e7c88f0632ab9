import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** E2E_PORT lets two runs on one machine keep apart (each gets its own data folder). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '.tmp', `data-${E2E_PORT}`);

/** The production-path test starts a server of its own (production mode, PostgreSQL) on this port. */
export const E2E_PROD_PORT = Number(process.env.E2E_PROD_PORT ?? E2E_PORT + 1);
