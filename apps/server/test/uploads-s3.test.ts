import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema';
import { dataUrl, makeJpeg, makePdf } from './files';
import { createTestApp, draftInstallation, engine, type TestContext } from './helper';

// An S3-compatible server on this machine; the storage code talks to it through the AWS SDK.
describe.skipIf(engine !== 'pglite')('uploads in an S3-compatible bucket (S3_* set)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  let s3: S3rver;
  let c: TestContext;

  beforeAll(async () => {
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'portal-uploads', configs: [] }] });
    const { port } = (await s3.run()) as { port: number };
    c = await createTestApp({
      env: {
        S3_BUCKET: 'portal-uploads',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
      },
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
