// Grants fleet FLEET to COUNT users (bench-0@example.com …) and prints an ID token for each as a
// JSON array: what `npm run admin -- grant` and `token` do, for many users in one process.
import { runAdminCommand } from '../apps/server/src/admin/commands';
import { createAuth } from '../apps/server/src/auth/auth';
import { loadEnv } from '../apps/server/src/env';
import { openRuntime } from '../apps/server/src/runtime';

const [fleet, count] = [process.argv[2]!, Number(process.argv[3])];
const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
const runtime = await openRuntime(env, 'bench tokens');
try {
  const ctx = { db: runtime.database.db, auth: createAuth({ env, db: runtime.database.db, secret: runtime.authSecret }), authSecret: runtime.authSecret };
  const tokens: string[] = [];
  for (let i = 0; i < count; i++) {
    const email = `bench-${i}@example.com`;
    await runAdminCommand(ctx, { command: 'grant', email, fleet, role: 'installer' });
    tokens.push((await runAdminCommand(ctx, { command: 'token', email })).token!);
  }
  console.log(JSON.stringify(tokens));
} finally {
  await runtime.release();
}
