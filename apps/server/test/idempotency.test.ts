import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorEnvelopeSchema } from '@portal/domain/errors';
import { runAdminCommand } from '../src/admin/commands';
import { idempotencyKey, installation } from '../src/db/schema';
import { bearer, useTestApp } from './helper';
import { dataUrl, makeJpeg } from './files';

const ctx = useTestApp();

const createBody = (serial: string, name = serial) => ({ systemSerialNumber: serial, startDate: '2026-11-20', name });

describe('an Idempotency-Key reused for another request', () => {
  it('with another body answers 422 IDEMPOTENCY_KEY_REUSED, creates nothing, and the original retry still replays', async () => {
    const c = await ctx();
    const h = { ...bearer(await c.tokenFor('idem-a@example.com')), 'idempotency-key': 'idem-create-0001' };
    const first = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: createBody('SN-DEMO-0002') });
    expect(first.statusCode).toBe(201);

    const other = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: createBody('SN-DEMO-0003') });
    expect(other.statusCode).toBe(422);
    expect(ErrorEnvelopeSchema.parse(other.json())).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.headers['idempotent-replay']).toBeUndefined();
    expect(await c.database.db.select().from(installation).where(eq(installation.systemSerial, 'SN-DEMO-0003'))).toHaveLength(0);

    // Only the name differs: still another request.
    const renamed = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: createBody('SN-DEMO-0002', 'Other name') });
    expect(renamed.json()).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });

    const retry = await c.app.inject({ method: 'POST', url: '/api/installations', headers: h, payload: createBody('SN-DEMO-0002') });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json().id).toBe(first.json().id);
  });

  it('on an update with another body answers 422 and leaves the installation as the first request wrote it', async () => {
    const c = await ctx();
    const plain = bearer(await c.tokenFor('idem-b@example.com'));
    const { id } = (await c.app.inject({ method: 'POST', url: '/api/installations', headers: plain, payload: createBody('SN-DEMO-0004') })).json();
    const h = { ...plain, 'idempotency-key': 'idem-update-0001' };
    const first = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, name: 'First' } });
    expect(first.statusCode).toBe(200);
    const other = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload: { version: 0, name: 'Second' } });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    const stored = (await c.app.inject({ url: `/api/installations/${id}`, headers: plain })).json();
    expect(stored).toMatchObject({ name: 'First', version: 1 });
  });

  it('with another query string or path answers 422 too', async () => {
    const c = await ctx();
    const plain = bearer(await c.tokenFor('idem-c@example.com'));
    const { id } = (await c.app.inject({ method: 'POST', url: '/api/installations', headers: plain, payload: createBody('SN-DEMO-0005') })).json();
    const h = { ...plain, 'idempotency-key': 'idem-query-0001' };
    const payload = { version: 0, comments: 'x' };
    expect((await c.app.inject({ method: 'PUT', url: `/api/installations/${id}`, headers: h, payload })).statusCode).toBe(200);
    const withQuery = await c.app.inject({ method: 'PUT', url: `/api/installations/${id}?again=1`, headers: h, payload });
    expect(withQuery.json()).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    const otherRequest = await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}`, headers: h });
    expect(otherRequest.json()).toMatchObject({ status: 422, code: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: plain })).statusCode).toBe(200);
  });
});

describe('a replay', () => {
  it('answers only a caller who may still see the installation, and never keeps the bytes of an uploaded file', async () => {
    const c = await ctx();
    const email = 'idem-replay@example.com';
    const plain = bearer(await c.tokenFor(email));
    const { id } = (await c.app.inject({ method: 'POST', url: '/api/installations', headers: plain, payload: createBody('SN-DEMO-0001') })).json();
    const h = { ...plain, 'idempotency-key': 'idem-upload-0001' };
    const photo = makeJpeg(640, 480, 3);
    const payload = [{ type: 'pvModules', name: 'modules.jpg', file: dataUrl('image/jpeg', photo) }];
    const first = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload });
    expect(first.statusCode).toBe(201);
    expect(first.json()[0].file).toBe(payload[0]!.file);
    const [kept] = await c.database.db.select().from(idempotencyKey).where(eq(idempotencyKey.key, 'idem-upload-0001'));
    expect(kept!.body).not.toContain('base64');
    expect(kept!.body.length).toBeLessThan(1000);

    const retry = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload });
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replay']).toBe('true');
    expect(retry.json()[0]).toMatchObject({ id: first.json()[0].id, name: 'modules.jpg', url: first.json()[0].url });

    // Access lost: the replay answers as a fresh read would.
    await runAdminCommand({ db: c.database.db, auth: c.app.auth }, { command: 'revoke', email, fleet: 'sono' });
    expect((await c.app.inject({ url: `/api/installations/${id}`, headers: plain })).statusCode).toBe(404);
    const lost = await c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload });
    expect(lost.json()).toMatchObject({ status: 404, code: 'NOT_FOUND' });
    expect(lost.headers['idempotent-replay']).toBeUndefined();
    const created = await c.app.inject({ method: 'POST', url: '/api/installations', headers: { ...plain, 'idempotency-key': 'idem-create-0001' }, payload: createBody('SN-DEMO-0002') });
    expect(created.statusCode).not.toBe(201);
  });
});
