import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { isServerListening, sendControlCommand } from '../src/admin/control-client';
import { startControlSocket } from '../src/admin/control-socket';
import { DataDirBusyError, lockDataDir } from '../src/admin/data-dir-lock';
import { bearer, useTestApp } from './helper';

const ctx = useTestApp();

describe('operator commands', () => {
  it('grant creates the user, token signs them in, revoke takes the fleet away', async () => {
    const c = await ctx();
    const admin = { db: c.database.db, auth: c.app.auth };
    expect((await runAdminCommand(admin, { command: 'grant', email: 'Op@Example.com', fleet: 'acme', role: 'admin' })).message).toMatch(/Created/);
    const { token } = await runAdminCommand(admin, { command: 'token', email: 'op@example.com' });
    const me = await c.app.inject({ url: '/api/me', headers: bearer(token!) });
    // Users made by the CLI get only what it grants: no demo fleet, no company.
    expect(me.json()).toMatchObject({ email: 'op@example.com', fleets: [{ slug: 'acme', role: 'admin' }], company: null });

    await runAdminCommand(admin, { command: 'grant', email: 'op@example.com', fleet: 'sono' });
    await expect(runAdminCommand(admin, { command: 'revoke', email: 'op@example.com', fleet: 'acme' })).rejects.toThrow(/last admin/);
    await runAdminCommand(admin, { command: 'revoke', email: 'op@example.com', fleet: 'sono' });
    expect((await c.app.inject({ url: '/api/fleets/sono', headers: bearer(token!) })).statusCode).toBe(404);
  });

  it('refuses unknown fleets and users', async () => {
    const c = await ctx();
    const admin = { db: c.database.db, auth: c.app.auth };
    await expect(runAdminCommand(admin, { command: 'grant', email: 'x@example.com', fleet: 'nope' })).rejects.toThrow(/Fleet nope not found/);
    await expect(runAdminCommand(admin, { command: 'token', email: 'ghost@example.com' })).rejects.toThrow(/not found/);
  });

  it('reach a running server through its control socket', async () => {
    const c = await ctx();
    const socket = path.join(c.dataDir, 'control.sock');
    expect(await isServerListening(socket)).toBe(false);
    const server = await startControlSocket(socket, { db: c.database.db, auth: c.app.auth });
    try {
      expect(await isServerListening(socket)).toBe(true);
      const result = await sendControlCommand(socket, { command: 'grant', email: 'sock@example.com', fleet: 'sono' });
      expect(result.message).toMatch(/installer of fleet sono/);
      const { token } = await sendControlCommand(socket, { command: 'token', email: 'sock@example.com' });
      expect((await c.app.inject({ url: '/api/fleets/sono', headers: bearer(token!) })).statusCode).toBe(200);
      await expect(sendControlCommand(socket, { command: 'token', email: 'ghost@example.com' })).rejects.toThrow(/not found/);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe('the embedded database is single-process', () => {
  it('a second holder of DATA_DIR is refused with a clear message; a stale lock is taken over', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
    const release = lockDataDir(dir, 'portal server');
    // The lock names our own (live) pid: pretend another live process holds it.
    const file = path.join(dir, 'portal.lock');
    fs.writeFileSync(file, JSON.stringify({ pid: process.ppid, holder: 'portal server' }));
    expect(() => lockDataDir(dir, 'admin command')).toThrow(DataDirBusyError);
    expect(() => lockDataDir(dir, 'admin command')).toThrow(/in use by another portal server/);
    fs.writeFileSync(file, JSON.stringify({ pid: 2 ** 22 + 7, holder: 'portal server' }));
    const again = lockDataDir(dir, 'admin command');
    again();
    release();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
