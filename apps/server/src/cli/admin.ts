import path from 'node:path';
import { parseArgs } from 'node:util';
import type { AdminCommand } from '../admin/commands';
import { controlSocketPath, isServerListening, sendControlCommand } from '../admin/control-client';
import { loadEnv } from '../env';

const USAGE = `Usage: npm run admin -- <command>
  operator add EMAIL                                  make the user (created if needed) a portal operator
  operator remove EMAIL                               take the operator role away
  fleet create SLUG --name NAME --customer NAME --contact NAME --email EMAIL [--time-zone TZ]
                                                      create a fleet for a customer (time zone: Europe/Berlin)
  fleet time-zone SLUG TZ                             the IANA time zone the fleet's reports print times in
  company create SHORT --name NAME --email EMAIL      create an installer company
  company add EMAIL SHORT                             put the user (created if needed) into the company
  grant EMAIL --fleet SLUG [--role installer|admin] [--company SHORT]
                                                      create the user if needed and grant the fleet
  revoke EMAIL --fleet SLUG                           remove the user's access to the fleet
  token EMAIL                                         print a valid ID token for the user (last line)
  backup FILE                                         write a consistent backup (gzip) of the whole database
  restore FILE                                        load a backup into a new, empty database (server stopped)
  rotate-keys                                         drop token signing keys of another AUTH_SECRET (signs everyone out)
  storage check [--fix]                               objects no upload names (orphans) and uploads whose object is gone;
                                                      --fix deletes the orphans (needs S3_BUCKET)
Uses the same DATA_DIR / DATABASE_URL as the server; talks to a running server over DATA_DIR/control.sock.`;

function parseCommand(argv: string[]): AdminCommand {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      fleet: { type: 'string' },
      role: { type: 'string' },
      company: { type: 'string' },
      name: { type: 'string' },
      customer: { type: 'string' },
      contact: { type: 'string' },
      email: { type: 'string' },
      'time-zone': { type: 'string' },
      fix: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [name, email] = positionals;
  if (name === 'rotate-keys' && !values.help) return { command: 'rotate-keys' };
  if (name === 'storage' && email === 'check' && !values.help) return { command: 'storage-check', fix: values.fix === true };
  if (values.help || !name || !email) throw new Error(USAGE);
  const needs = (what: string, options: (keyof typeof values)[]) => {
    const missing = options.filter((o) => !values[o]);
    if (missing.length) throw new Error(`${what} needs ${missing.map((o) => `--${o}`).join(', ')}\n\n${USAGE}`);
  };
  if (name === 'operator') {
    const [, sub, address] = positionals;
    if ((sub !== 'add' && sub !== 'remove') || !address) throw new Error(`operator needs add EMAIL or remove EMAIL\n\n${USAGE}`);
    return { command: sub === 'add' ? 'operator-add' : 'operator-remove', email: address };
  }
  if (name === 'fleet') {
    const [, sub, slug, timeZone] = positionals;
    if (sub === 'time-zone' && slug && timeZone) return { command: 'fleet-time-zone', slug, timeZone };
    if (sub !== 'create' || !slug) throw new Error(`fleet needs create SLUG or time-zone SLUG TZ\n\n${USAGE}`);
    needs('fleet create', ['name', 'customer', 'contact', 'email']);
    return {
      command: 'fleet-create',
      slug,
      name: values.name!,
      customerName: values.customer!,
      primaryContact: values.contact!,
      email: values.email!,
      ...(values['time-zone'] ? { timeZone: values['time-zone'] } : {}),
    };
  }
  if (name === 'company') {
    const [, sub, first, second] = positionals;
    if (sub === 'create' && first) {
      needs('company create', ['name', 'email']);
      return { command: 'company-create', shortName: first, name: values.name!, email: values.email! };
    }
    if (sub === 'add' && first && second) return { command: 'company-add', email: first, company: second };
    throw new Error(`company needs create SHORT or add EMAIL SHORT\n\n${USAGE}`);
  }
  if (name === 'backup') return { command: 'backup', file: path.resolve(email) };
  if (name === 'restore') return { command: 'restore', file: path.resolve(email) };
  if (name === 'grant') {
    if (!values.fleet) throw new Error('grant needs --fleet SLUG\n\n' + USAGE);
    return { command: 'grant', email, fleet: values.fleet, role: (values.role ?? 'installer') as 'installer' | 'admin', ...(values.company ? { company: values.company } : {}) };
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
    // Only now the server's modules: a command sent to a running server needs none of them.
    const [{ runAdminCommand }, { createAuth }, { createS3FileStore }, { hasEmbeddedDatabase, hasMigrations, openRuntime }] = await Promise.all([
      import('../admin/commands'),
      import('../auth/auth'),
      import('../services/uploads/file-store'),
      import('../runtime'),
    ]);
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
      const fileStore = env.s3 ? createS3FileStore(env.s3) : null;
      result = await runAdminCommand({ db: runtime.database.db, auth, authSecret: runtime.authSecret, objectStoreBucket: env.s3?.bucket, fileStore }, command);
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
