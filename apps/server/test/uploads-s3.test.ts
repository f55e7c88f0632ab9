import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../src/admin/commands';
import { objectDeletion, upload } from '../src/db/schema';
import type { Env } from '../src/env';
import { createS3FileStore } from '../src/services/uploads/file-store';
import { processObjectDeletions } from '../src/services/uploads/object-deletions';
import { dataUrl, makeJpeg, makePdf } from './files';
import { createTestApp, draftInstallation, engine, type TestContext } from './helper';

/** The S3_* settings of a local S3-compatible server listening on `port`. */
const s3Env = (port: number) => ({
  S3_BUCKET: 'portal-uploads',
  S3_ENDPOINT: `http://127.0.0.1:${port}`,
  S3_FORCE_PATH_STYLE: 'true',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
});

// An S3-compatible server on this machine; the storage code talks to it through the AWS SDK.
describe.skipIf(engine !== 'pglite')('uploads in an S3-compatible bucket (S3_* set)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  let s3: S3rver;
  let c: TestContext;

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'portal-uploads', configs: [] }] });
    const { port } = (await s3.run()) as { port: number };
    c = await createTestApp({
      env: s3Env(port),
    });
  });
  afterAll(async () => {
    await c?.close();
    await s3?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('stores the bytes in the bucket, serves them back, and deletes them with the upload', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const jpg = makeJpeg(48, 48, 3);
    const pdf = makePdf();
    const res = await c.app.inject({
      method: 'POST',
      url: `/api/installations/${id}/uploads`,
      headers: h,
      payload: [
        { type: 'pvModules', name: 'roof.jpg', file: dataUrl('image/jpeg', jpg) },
        { type: 'other', name: 'report.pdf', file: dataUrl('application/pdf', pdf) },
      ],
    });
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved[0].file).toBe(dataUrl('image/jpeg', jpg));

    const rows = await c.database.db.select().from(upload).where(eq(upload.installationId, id));
    expect(rows.every((r) => r.bytes === null && r.storageKey?.startsWith(`installations/${id}/`))).toBe(true);

    const file = await c.app.inject({ url: saved[1].url, headers: h });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);

    // The same file again: answered from the existing row, one object.
    const again = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: [{ type: 'pvModules', name: 'roof.jpg', file: dataUrl('image/jpeg', jpg) }] });
    expect(again.json()[0].id).toBe(saved[0].id);

    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [saved[1].id] } });
    const gone = await c.app.inject({ url: saved[1].url, headers: h });
    expect(gone.statusCode).toBe(404);
    const objects = fs.readdirSync(path.join(dir, 'portal-uploads'), { recursive: true }).map(String);
    expect(objects.some((o) => o.includes(rows.find((r) => r.name === 'report.pdf')!.sha256))).toBe(false);
    expect(objects.some((o) => o.includes(rows.find((r) => r.name === 'roof.jpg')!.sha256))).toBe(true);
  });
});

describe.skipIf(engine !== 'pglite')('an object store the operator watches', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-ready-'));
  let s3: S3rver | undefined;
  let endpoint = '';
  const config = (overrides: Partial<NonNullable<Env['s3']>> = {}) => ({
    bucket: 'portal-uploads',
    endpoint,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    ...overrides,
  });

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'portal-uploads', configs: [] }] });
    endpoint = `http://127.0.0.1:${((await s3.run()) as { port: number }).port}`;
  });
  afterAll(async () => {
    await s3?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('names the variable to fix: a missing bucket, refused credentials, an unreachable store', async () => {
    await expect(createS3FileStore(config()).check()).resolves.toBeUndefined();
    await expect(createS3FileStore(config({ bucket: 'no-such-bucket' })).check()).rejects.toThrow(/^S3_BUCKET: the bucket no-such-bucket does not exist/);
    await expect(createS3FileStore(config({ accessKeyId: 'WRONG', secretAccessKey: 'WRONG' })).check()).rejects.toThrow(/^S3_ACCESS_KEY_ID \/ S3_SECRET_ACCESS_KEY: .*refused/);
    await expect(createS3FileStore(config({ endpoint: 'http://127.0.0.1:9' })).check()).rejects.toThrow(/^S3_ENDPOINT: .* not reachable/);
  });

  it('the server refuses to start on a missing bucket, naming S3_BUCKET', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-start-'));
    // Not spawnSync: the store answers from this very process.
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '3398',
        DEMO: 'false',
        SIMULATOR: 'false',
        LOG_LEVEL: 'silent',
        S3_BUCKET: 'no-such-bucket',
        S3_ENDPOINT: endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
    });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(status).toBe(1);
    expect(stderr).toMatch(/S3_BUCKET: the bucket no-such-bucket does not exist/);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('readiness reports the store, and answers 503 while it is down while liveness stays 200', async () => {
    const c = await createTestApp({
      env: { S3_BUCKET: 'portal-uploads', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' },
    });
    try {
      expect((await c.app.inject({ url: '/api/health/ready' })).json()).toMatchObject({ status: 'ok', database: 'ok', objectStore: 'ok' });
      await s3!.close();
      const down = await c.app.inject({ url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', details: { database: 'ok', objectStore: 'unreachable' } });
      expect((await c.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await c.close();
    }
  });
});

// The queue lives in the database: both engines.
describe('objects follow their rows, even when the store is down', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-queue-'));
  let s3: S3rver | undefined;
  let port = 0;
  let c: TestContext;
  const start = async () => {
    s3 = new S3rver({ port, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'portal-uploads', configs: [] }] });
    port = ((await s3.run()) as { port: number }).port;
  };
  const objectsOf = (installationId: number) =>
    fs.existsSync(path.join(dir, 'portal-uploads', 'installations', String(installationId)))
      ? fs.readdirSync(path.join(dir, 'portal-uploads', 'installations', String(installationId))).filter((f) => f.endsWith('._S3rver_object'))
      : [];
  const pending = async () => (await c.database.db.select().from(objectDeletion)).map((r) => r.key);
  const upload1 = (h: Record<string, string>, id: number, seed: number, type = 'pvModules') =>
    c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: [{ type, name: `photo-${seed}.jpg`, file: dataUrl('image/jpeg', makeJpeg(48, 48, seed)) }] });

  beforeAll(async () => {
    await start();
    c = await createTestApp({
      env: { ...s3Env(port), OBJECT_DELETION_INTERVAL_MS: '0' },
    });
  });
  afterAll(async () => {
    await c?.close();
    await s3?.close().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('deleting an installation deletes its objects', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    expect((await upload1(h, id, 31)).statusCode).toBe(201);
    expect(objectsOf(id).length).toBeGreaterThan(0);
    expect((await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h })).statusCode).toBe(204);
    expect(objectsOf(id)).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it('the eleventh file of a slot is refused and leaves no object behind', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0002');
    for (let i = 0; i < 10; i++) expect((await upload1(h, id, 100 + i)).statusCode).toBe(201);
    const before = objectsOf(id).length;
    const eleventh = await upload1(h, id, 200);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ code: 'MAX_FILES' });
    expect(objectsOf(id)).toHaveLength(before);
    expect(await pending()).toEqual([]);
  });

  it('while the store is down: uploads and downloads answer 503 with Retry-After, a deletion waits in the queue and happens once it is back', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const saved = (await upload1(h, id, 41)).json() as { id: number; url: string }[];
    expect(objectsOf(id)).toHaveLength(1);

    await s3!.close();
    const refused = await upload1(h, id, 42);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const download = await c.app.inject({ url: saved[0]!.url, headers: h });
    expect(download.statusCode).toBe(503);
    expect(download.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });

    // The row goes now; its object is queued, not forgotten.
    const removed = await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [saved[0]!.id] } });
    expect(removed.statusCode).toBe(200);
    expect(await pending()).toHaveLength(1);

    await start();
    await c.database.db.update(objectDeletion).set({ nextAttemptAt: new Date() });
    expect(await processObjectDeletions(c.database.db, c.app.fileStore!)).toEqual({ deleted: 1, failed: 0 });
    expect(objectsOf(id)).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it('storage check lists orphans and missing objects; --fix deletes the orphans', async () => {
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0004');
    const saved = (await upload1(h, id, 51)).json() as { id: number; sha256: string }[];
    const store = createS3FileStore({ bucket: 'portal-uploads', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
    await store.put('installations/999999/left-behind', Buffer.from('orphan'), 'text/plain');
    const key = `installations/${id}/${saved[0]!.sha256}`;
    await store.delete(key);
    const admin = { db: c.database.db, auth: c.app.auth, objectStoreBucket: 'portal-uploads', fileStore: store };

    const report = (await runAdminCommand(admin, { command: 'storage-check' })).message;
    expect(report).toMatch(/1 named by no upload \(orphans\), 1 uploads whose object is missing/);
    expect(report).toContain('orphan   installations/999999/left-behind');
    expect(report).toContain(`missing  ${key}`);
    expect(report).toMatch(/Run with --fix/);

    expect((await runAdminCommand(admin, { command: 'storage-check', fix: true })).message).toMatch(/Deleted 1 orphans\./);
    expect(await store.list('installations/999999/')).toEqual([]);
  });
});
