import path from 'node:path';
import { parseArgs } from 'node:util';
import { controlSocketPath, isServerListening, sendControlCommand } from '../admin/control-socket';
import { runAdminCommand, type AdminCommand } from '../admin/commands';
import { createAuth } from '../auth/auth';
import { loadEnv } from '../env';
import { hasEmbeddedDatabase, hasMigrations, openRuntime } from '../runtime';

const USAGE = `Usage: npm run admin -- <command>
  grant EMAIL --fleet SLUG [--role installer|admin]   create the user if needed and grant the fleet
  revoke EMAIL --fleet SLUG                           remove the user's access to the fleet
  token EMAIL                                         print a valid ID token for the user (last line)
  backup FILE                                         write a consistent backup (gzip) of the whole database
  restore FILE                                        load a backup into a new, empty database (server stopped)
  rotate-keys                                         drop token signing keys of another AUTH_SECRET (signs everyone out)
Uses the same DATA_DIR / DATABASE_URL as the server; talks to a running server over DATA_DIR/control.sock.`;

function parseCommand(argv: string[]): AdminCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { fleet: { type: 'string' }, role: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  const [name, email] = positionals;
  if (name === 'rotate-keys' && !values.help) return { command: 'rotate-keys' };
  if (values.help || !name || !email) throw new Error(USAGE);
  if (name === 'backup') return { command: 'backup', file: path.resolve(email) };
  if (name === 'restore') return { command: 'restore', file: path.resolve(email) };
  if (name === 'grant') {
    if (!values.fleet) throw new Error('grant needs --fleet SLUG\n\n' + USAGE);
    return { command: 'grant', email, fleet: values.fleet, role: (values.role ?? 'installer') as 'installer' | 'admin' };
  }
  if (name === 'revoke') {
    if (!values.fleet) throw new Error('revoke needs --fleet SLUG\n\n' + USAGE);
    return { command: 'revoke', email, fleet: values.fleet };
  }
  if (name === 'token') return { command: 'token', email };
  throw new Error(`Unknown command ${name}\n\n${USAGE}`);
}

async function main() {
  const command = parseCommand(process.argv.slice(2));
  const env = loadEnv({ ...process.env, LOG_LEVEL: 'silent' });
  const socket = controlSocketPath(env.dataDir);
  let result;
  if (!env.databaseUrl && (await isServerListening(socket))) {
    if (command.command === 'restore') throw new Error('Stop the server first: a restore needs the database to itself.');
    result = await sendControlCommand(socket, command);
  } else {
    // A backup of a database that does not exist yet would be an empty file that looks fine.
    const isBackup = command.command === 'backup';
    if (isBackup && !env.databaseUrl && !hasEmbeddedDatabase(env.dataDir)) {
      throw new Error(`${path.resolve(env.dataDir)} holds no portal database: nothing to back up. Set DATA_DIR (or DATABASE_URL) to the portal's database.`);
    }
    const runtime = await openRuntime(env, 'admin command', { migrate: !isBackup });
    try {
      if (isBackup && !(await hasMigrations(runtime.database.db))) {
        throw new Error('The database holds no portal data (it was never migrated): nothing to back up. Check DATABASE_URL.');
      }
      const auth = createAuth({ env, db: runtime.database.db, secret: runtime.authSecret });
      result = await runAdminCommand({ db: runtime.database.db, auth, authSecret: runtime.authSecret, objectStoreBucket: env.s3?.bucket }, command);
    } finally {
      await runtime.release();
    }
  }
  if (result.token) {
    console.error(result.message);
    console.log(result.token);
  } else {
    console.log(result.message);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
