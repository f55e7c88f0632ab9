import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema } from '@portal/domain/auth';
import { FleetRoleSchema, FleetSlugSchema } from '@portal/domain/fleet';
import { CompanyShortNameSchema } from '@portal/domain/operator';
import type { Auth } from '../auth/auth';
import { rotateSigningKeys } from '../auth/signing-keys';
import type { FileStore } from '../services/uploads/file-store';
import { checkStorage } from '../services/uploads/object-deletions';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';
import { AppError } from '../errors';
import { revokeFleet } from '../services/access/access';
import { addCompanyMember, createCompany, createFleet, findCompanyByShortName, grantPerson, setFleetTimeZone, setOperator } from '../services/access/operator';
import { backupDatabase, restoreDatabase } from '../services/access/backup';
import type { ReadCache } from '../services/read-cache';

export const AdminCommandSchema = z.discriminatedUnion('command', [
  z.object({
    command: z.literal('grant'),
    email: EmailSchema,
    fleet: FleetSlugSchema,
    role: FleetRoleSchema.default('installer'),
    company: CompanyShortNameSchema.optional(),
  }),
  z.object({ command: z.literal('operator-add'), email: EmailSchema }),
  z.object({ command: z.literal('operator-remove'), email: EmailSchema }),
  // Field rules (slug pattern, emails, lengths) are checked by the services with the domain's schemas.
  z.object({
    command: z.literal('fleet-create'),
    slug: z.string(),
    name: z.string(),
    customerName: z.string(),
    primaryContact: z.string(),
    email: z.string(),
    timeZone: z.string().optional(),
  }),
  z.object({ command: z.literal('fleet-time-zone'), slug: FleetSlugSchema, timeZone: z.string() }),
  z.object({ command: z.literal('company-create'), shortName: z.string(), name: z.string(), email: z.string() }),
  z.object({ command: z.literal('company-add'), email: EmailSchema, company: CompanyShortNameSchema }),
  z.object({ command: z.literal('revoke'), email: EmailSchema, fleet: FleetSlugSchema }),
  z.object({ command: z.literal('token'), email: EmailSchema }),
  z.object({ command: z.literal('backup'), file: z.string().min(1) }),
  z.object({ command: z.literal('restore'), file: z.string().min(1) }),
  z.object({ command: z.literal('rotate-keys') }),
  z.object({ command: z.literal('storage-check'), fix: z.boolean().default(false) }),
]);
export type AdminCommand = z.input<typeof AdminCommandSchema>;

export interface AdminContext {
  db: Db;
  auth: Auth;
  /** The secret the signing keys must decrypt with (rotate-keys). */
  authSecret?: string;
  /** Set when upload bytes live in an object store: a database backup does not hold them. */
  objectStoreBucket?: string;
  /** The object store of upload bytes, when S3_* is set (storage check). */
  fileStore?: FileStore | null;
  /** The running server's read cache, when the command runs in the server process: the command answers once it has heard the change. */
  readCache?: ReadCache;
}

const SESSION_DAYS = 14;

/** What the rules' message keys mean, for a person at a terminal. */
const PROBLEMS: Record<string, string> = {
  required: 'is required',
  tooLong: 'is too long',
  invalidEmail: 'is not a valid email address',
  invalidSlug: 'must be 2 to 40 lower-case letters, digits or inner dashes',
  slugReserved: 'is reserved for the portal',
  invalidShortName: 'may hold only letters, digits, dots, dashes and underscores',
};

const FIELD_NAMES: Record<string, string> = { customerName: 'customer', primaryContact: 'contact', shortName: 'short name', company: 'company' };

/** Operator commands; the same code runs inside the server (via its socket) or in the CLI. */
export async function runAdminCommand(ctx: AdminContext, input: AdminCommand): Promise<{ message: string; token?: string }> {
  try {
    const result = await run(ctx, AdminCommandSchema.parse(input));
    await ctx.readCache?.settle();
    return result;
  } catch (error) {
    if (!(error instanceof z.ZodError)) throw error;
    const lines = error.issues.map((issue) => {
      const field = String(issue.path.at(-1) ?? 'value');
      return `${FIELD_NAMES[field] ?? field} ${PROBLEMS[issue.message] ?? `is not valid (${issue.message})`}`;
    });
    throw new AppError('VALIDATION_ERROR', `Invalid input: ${lines.join('; ')}`);
  }
}

async function run(ctx: AdminContext, command: z.output<typeof AdminCommandSchema>): Promise<{ message: string; token?: string }> {
  switch (command.command) {
    case 'grant': {
      const target = command.company ? await findCompanyByShortName(ctx.db, command.company) : null;
      const r = await grantPerson(ctx.db, { email: command.email, fleet: command.fleet, role: command.role, companyId: target?.id ?? null });
      const joined = target ? `, member of ${target.shortName}` : '';
      return { message: `${r.userCreated ? 'Created' : 'Updated'} ${command.email}: ${r.role} of fleet ${r.fleet}${joined}` };
    }
    case 'operator-add': {
      const r = await setOperator(ctx.db, command.email, true);
      return { message: `${r.userCreated ? 'Created' : 'Updated'} ${command.email}: portal operator` };
    }
    case 'operator-remove': {
      await setOperator(ctx.db, command.email, false);
      return { message: `${command.email} is no longer a portal operator` };
    }
    case 'fleet-create': {
      const { command: _, ...input } = command;
      const f = await createFleet(ctx.db, input);
      return { message: `Created fleet ${f.slug} (${f.name}) for ${f.customerName}, time zone ${f.timeZone}` };
    }
    case 'fleet-time-zone': {
      const f = await setFleetTimeZone(ctx.db, command.slug, command.timeZone);
      return { message: `Fleet ${f.slug} now prints its reports' times in ${f.timeZone}` };
    }
    case 'company-create': {
      const { command: _, ...input } = command;
      const c = await createCompany(ctx.db, input);
      return { message: `Created installer company ${c.shortName} (${c.name})` };
    }
    case 'company-add': {
      const target = await findCompanyByShortName(ctx.db, command.company);
      const r = await addCompanyMember(ctx.db, target.id, { email: command.email });
      return { message: `${r.userCreated ? 'Created' : 'Updated'} ${command.email}: member of ${target.shortName} (${target.name})` };
    }
    case 'revoke': {
      const r = await revokeFleet(ctx.db, command);
      return { message: r.revoked ? `${command.email} no longer has fleet ${command.fleet}` : `${command.email} was not a member of ${command.fleet}` };
    }
    case 'backup': {
      const r = await backupDatabase(ctx.db, command.file);
      const bucket = ctx.objectStoreBucket
        ? `\nThe upload files in the object store bucket ${ctx.objectStoreBucket} are not in this backup: back the bucket up with the store's own tools.`
        : '';
      return { message: `Backed up ${r.rows} rows of ${r.tables} tables to ${command.file}${bucket}` };
    }
    case 'restore': {
      const r = await restoreDatabase(ctx.db, command.file);
      return { message: `Restored ${r.rows} rows of ${r.tables} tables from ${command.file}` };
    }
    case 'storage-check': {
      if (!ctx.fileStore) throw new Error('storage check needs an object store: upload bytes live in the database unless S3_BUCKET is set.');
      const r = await checkStorage(ctx.db, ctx.fileStore, { fix: command.fix });
      const lines = [
        `${r.objects} objects in ${ctx.objectStoreBucket ?? 'the bucket'}: ${r.orphans.length} named by no upload (orphans), ${r.missing.length} uploads whose object is missing`,
        ...r.orphans.map((k) => `orphan   ${k}`),
        ...r.missing.map((k) => `missing  ${k}`),
      ];
      if (command.fix) lines.push(`Deleted ${r.removed} orphans.`);
      else if (r.orphans.length) lines.push('Run with --fix to delete the orphans.');
      return { message: lines.join('\n') };
    }
    case 'rotate-keys': {
      if (!ctx.authSecret) throw new Error('rotate-keys needs the AUTH_SECRET in use: run it with the server stopped.');
      const r = await rotateSigningKeys(ctx.db, ctx.authSecret);
      return {
        message: r.keys
          ? `Dropped ${r.keys} token signing keys made with another AUTH_SECRET and ended ${r.sessions} sessions: everyone signs in again.`
          : 'Every token signing key belongs to the current AUTH_SECRET: nothing to rotate.',
      };
    }
    case 'token': {
      const [row] = await ctx.db.select({ id: user.id, name: user.name, email: user.email }).from(user).where(eq(user.email, command.email)).limit(1);
      if (!row) throw new AppError('NOT_FOUND', `User ${command.email} not found`);
      const [created] = await ctx.db
        .insert(session)
        .values({
          id: crypto.randomUUID(),
          token: randomBytes(32).toString('base64url'),
          userId: row.id,
          userAgent: 'admin-cli',
          expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000),
        })
        .returning({ id: session.id });
      const token = await ctx.auth.signIdToken({ userId: row.id, sessionId: created!.id, email: row.email, name: row.name });
      return { message: `ID token for ${row.email}`, token };
    }
  }
}
