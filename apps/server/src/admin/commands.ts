import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { EmailSchema } from '@portal/domain/auth';
import { FleetRoleSchema, FleetSlugSchema } from '@portal/domain/fleet';
import type { Auth } from '../auth/auth';
import { rotateSigningKeys } from '../auth/signing-keys';
import type { Db } from '../db/client';
import { session, user } from '../db/schema';
import { AppError } from '../errors';
import { grantFleet, revokeFleet } from '../services/access';
import { backupDatabase, restoreDatabase } from '../services/backup';

export const AdminCommandSchema = z.discriminatedUnion('command', [
  z.object({ command: z.literal('grant'), email: EmailSchema, fleet: FleetSlugSchema, role: FleetRoleSchema.default('installer') }),
  z.object({ command: z.literal('revoke'), email: EmailSchema, fleet: FleetSlugSchema }),
  z.object({ command: z.literal('token'), email: EmailSchema }),
  z.object({ command: z.literal('backup'), file: z.string().min(1) }),
  z.object({ command: z.literal('restore'), file: z.string().min(1) }),
  z.object({ command: z.literal('rotate-keys') }),
]);
export type AdminCommand = z.input<typeof AdminCommandSchema>;

export interface AdminContext {
  db: Db;
  auth: Auth;
  /** The secret the signing keys must decrypt with (rotate-keys). */
  authSecret?: string;
  /** Set when upload bytes live in an object store: a database backup does not hold them. */
  objectStoreBucket?: string;
}

const SESSION_DAYS = 14;

/** Operator commands; the same code runs inside the server (via its socket) or in the CLI. */
export async function runAdminCommand(ctx: AdminContext, input: AdminCommand): Promise<{ message: string; token?: string }> {
  const command = AdminCommandSchema.parse(input);
  switch (command.command) {
    case 'grant': {
      const r = await grantFleet(ctx.db, command);
      return { message: `${r.userCreated ? 'Created' : 'Updated'} ${command.email}: ${r.role} of fleet ${r.fleet}` };
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
