import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema';
import { dataUrl, makeJpeg, makePdf, makePng, pixelFloodPng } from './files';
import { draftInstallation, useTestApp, type TestContext } from './helper';

const ctx = useTestApp();


const send = (c: TestContext, h: Record<string, string>, id: number, files: unknown[]) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: files as object });

describe('uploads', () => {
  it('stores photos and documents, lists them, serves them as attachments', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const jpg = makeJpeg();
    const png = makePng();
    const pdf = makePdf();
    const res = await send(c, h, id, [
      { type: 'pvModules', name: 'roof.jpg', format: 'jpg', file: dataUrl('image/jpeg', jpg) },
      { type: 'telematics-mcu', name: 'box.png', file: dataUrl('image/png', png) },
      { type: 'other', name: 'report.pdf', file: dataUrl('application/pdf', pdf) },
    ]);
    expect(res.statusCode).toBe(201);
    const saved = res.json();
    expect(saved.map((u: { type: string; format: string; name: string }) => [u.type, u.format, u.name])).toEqual([
      ['pvModules', 'jpg', 'roof.jpg'],
      ['telematics-mcu', 'png', 'box.png'],
      ['other', 'pdf', 'report.pdf'],
    ]);
    expect(saved[0].id).toBeGreaterThan(0);
    expect(saved[0].file).toBe(dataUrl('image/jpeg', jpg));
    expect(saved[0].sizeKilobytes).toBeCloseTo(jpg.length / 1024, 1);

    const list = (await c.app.inject({ url: `/api/installations/${id}/uploads`, headers: h })).json();
    expect(list).toHaveLength(3);
    expect(list[0]).not.toHaveProperty('file');

    const file = await c.app.inject({ url: list[2].url, headers: h });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // A file is never run or framed, whatever it holds: the API's sandboxed policy covers it.
    expect(file.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(file.headers['x-frame-options']).toBe('DENY');
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('with Prefer: return=minimal the saved uploads come back without their bytes; stored the same', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0001');
    const jpg = makeJpeg(32, 32, 7);
    const res = await c.app.inject({
      method: 'POST',
      url: `/api/installations/${id}/uploads`,
      headers: { ...h, prefer: 'return=minimal' },
      payload: [{ type: 'pvModules', name: 'minimal.jpg', file: dataUrl('image/jpeg', jpg) }],
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['preference-applied']).toBe('return=minimal');
    const [saved] = res.json();
    expect(saved).toMatchObject({ type: 'pvModules', name: 'minimal.jpg', format: 'jpg' });
    expect(saved).not.toHaveProperty('file');
    expect(res.rawPayload.length).toBeLessThan(jpg.length);
    const file = await c.app.inject({ url: saved.url, headers: h });
    expect(file.rawPayload.equals(jpg)).toBe(true);
  });

  it('a repeated save of the same file to the same slot stores it once', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0002');
    const body = [{ type: 'pvModules', name: 'same.jpg', file: dataUrl('image/jpeg', makeJpeg(40, 40, 7)) }];
    const first = (await send(c, h, id, body)).json();
    const second = await send(c, h, id, body);
    expect(second.statusCode).toBe(201);
    expect(second.json()[0].id).toBe(first[0].id);
    expect(await c.database.db.select({ id: upload.id }).from(upload).where(eq(upload.installationId, id))).toHaveLength(1);
  });

  it.each([
    ['a PNG named .jpg', 'pvModules', 'photo.jpg', 'image/jpeg', () => makePng()],
    ['an HTML page named .pdf', 'other', 'invoice.pdf', 'application/pdf', () => Buffer.from('<!doctype html><html><script>alert(1)</script></html>')],
    ['a script named .txt', 'other', 'notes.txt', 'text/plain', () => Buffer.from('<script>fetch("/api/me")</script>')],
    ['a JPEG with a script appended (polyglot)', 'pvModules', 'roof.jpg', 'image/jpeg', () => Buffer.concat([makeJpeg(), Buffer.from('<script>alert(1)</script>')])],
    ['a PDF with JavaScript', 'other', 'report.pdf', 'application/pdf', () => makePdf('/OpenAction << /S /JavaScript /JS (app.alert(1)) >>')],
    ['a PDF in a photo slot', 'pvModules', 'report.pdf', 'application/pdf', () => makePdf()],
    ['an SVG', 'other', 'drawing.svg', 'image/svg+xml', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a file without a type', 'other', 'notes.txt', '', () => Buffer.from('plain words')],
  ])('refuses %s with 415 and stores nothing', async (_label, type, name, mime, make) => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    const before = await c.database.db.select({ id: upload.id }).from(upload);
    const res = await send(c, h, id, [{ type, name, file: dataUrl(mime, make()) }]);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_FILE_TYPE' });
    expect(await c.database.db.select({ id: upload.id }).from(upload)).toHaveLength(before.length);
  });

  it('markup-like bytes inside compressed image data are not mistaken for script', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    const jpg = makeJpeg(64, 64, 21);
    const sos = jpg.indexOf(Buffer.from([0xff, 0xda]));
    const scanStart = sos + 2 + jpg.readUInt16BE(sos + 2);
    const withChance = Buffer.concat([jpg.subarray(0, scanStart + 10), Buffer.from('<svg '), jpg.subarray(scanStart + 15)]);
    const res = await send(c, h, id, [{ type: 'pvModules', name: 'chance.jpg', file: dataUrl('image/jpeg', withChance) }]);
    expect(res.statusCode).toBe(201);
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [res.json()[0].id] } });
  });

  it('script in a JPEG comment segment or in a deflated PDF stream is refused', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    const jpg = makeJpeg(32, 32, 4);
    const comment = Buffer.from('<script>alert(1)</script>');
    const com = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from([0, comment.length + 2]), comment]);
    const withComment = Buffer.concat([jpg.subarray(0, 2), com, jpg.subarray(2)]);
    expect((await send(c, h, id, [{ type: 'pvModules', name: 'comment.jpg', file: dataUrl('image/jpeg', withComment) }])).statusCode).toBe(415);

    const hidden = zlib.deflateSync(Buffer.from('<< /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>'));
    const pdf = Buffer.concat([
      Buffer.from(`%PDF-1.5\n1 0 obj << /Type /ObjStm /Filter /FlateDecode /Length ${hidden.length} >> stream\n`),
      hidden,
      Buffer.from('\nendstream endobj\ntrailer << >>\n%%EOF\n'),
    ]);
    const res = await send(c, h, id, [{ type: 'other', name: 'hidden.pdf', file: dataUrl('application/pdf', pdf) }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/scripts or actions/);
  });

  it('a batch with one bad file stores none of them', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    const res = await send(c, h, id, [
      { type: 'pvModules', name: 'good.jpg', file: dataUrl('image/jpeg', makeJpeg(20, 20, 3)) },
      { type: 'pvModules', name: 'bad.jpg', file: dataUrl('image/jpeg', makePng()) },
    ]);
    expect(res.statusCode).toBe(415);
    expect(await c.database.db.select().from(upload).where(eq(upload.installationId, id))).toHaveLength(0);
  });

  it('refuses an image whose header claims a pixel flood, before decoding it', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0003');
    const res = await send(c, h, id, [{ type: 'pvModules', name: 'bomb.png', file: dataUrl('image/png', pixelFloodPng()) }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
  });

  it('holds at most 10 files per slot', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0004');
    const ten = Array.from({ length: 10 }, (_, i) => ({ type: 'pvModules', name: `p${i}.jpg`, file: dataUrl('image/jpeg', makeJpeg(16, 16, i + 10)) }));
    expect((await send(c, h, id, ten)).statusCode).toBe(201);
    const eleventh = await send(c, h, id, [{ type: 'pvModules', name: 'p10.jpg', file: dataUrl('image/jpeg', makeJpeg(16, 16, 99)) }]);
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ status: 409, code: 'MAX_FILES' });
    // Other slots are counted on their own.
    expect((await send(c, h, id, [{ type: 'other', name: 'o.png', file: dataUrl('image/png', makePng(8, 8, 5)) }])).statusCode).toBe(201);
  });

  it('deletes uploads by id', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0005');
    const saved = (
      await send(c, h, id, [
        { type: 'pvModules', name: 'a.jpg', file: dataUrl('image/jpeg', makeJpeg(10, 10, 1)) },
        { type: 'pvModules', name: 'b.jpg', file: dataUrl('image/jpeg', makeJpeg(10, 10, 2)) },
      ])
    ).json();
    const res = await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [saved[0].id] } });
    expect(res.json()).toEqual({ deleted: [saved[0].id] });
    const list = (await c.app.inject({ url: `/api/installations/${id}/uploads`, headers: h })).json();
    expect(list.map((u: { name: string }) => u.name)).toEqual(['b.jpg']);
  });

  it('a file over 25 MB is refused with 413; a body over the route limit too, with the envelope', async () => {
    const c = await ctx();
    const { h, id } = await draftInstallation(c, 'SN-DEMO-0005');
    const big = Buffer.alloc(25 * 1024 * 1024 + 10, 0x41);
    const over = await send(c, h, id, [{ type: 'other', name: 'big.txt', file: dataUrl('text/plain', big) }]);
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    const huge = await c.app.inject({
      method: 'POST',
      url: `/api/installations/${id}/uploads`,
      headers: { ...h, 'content-type': 'application/json' },
      payload: JSON.stringify([{ type: 'other', name: 'x.txt', file: `data:text/plain;base64,${'QUFB'.repeat(10_000_000)}` }]),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
  });
});
