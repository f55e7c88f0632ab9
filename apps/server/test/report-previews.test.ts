import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { reportPdf, upload } from '../src/db/schema';
import type { InstallationSummary } from '@portal/domain/summary';
import { renderReportPdf } from '../src/services/reports/report-pdf';
import { pdftotext, readyToSubmit, type TestContext, useTestApp } from './helper';
import { dataUrl, makeJpeg, makePdf } from './files';

// A 49 MP image takes a second or two to preview; on a shared, busy machine more than the default budget.
/** Builds several reports from large images: on a busy shared machine this takes well over the default 30 s. */
const HEAVY_TEST_MS = 120_000;

const ctx = useTestApp({ env: { INSPECTION_TIMEOUT_MS: '60000', REPORT_TIMEOUT_MS: '60000' } });

const post = (c: TestContext, id: number, h: Record<string, string>, files: { type: string; name: string; file: string }[]) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: files });
const submit = (c: TestContext, id: number, h: Record<string, string>, comments?: string) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/submit`, headers: h, payload: { summaryDataConfirmed: true, ...(comments ? { comments } : {}) } });
/** The pixel sizes of the images a PDF embeds. */
const embeddedImages = (pdf: Buffer) =>
  [...pdf.toString('latin1').matchAll(/\/Width (\d+)[^>]*?\/Height (\d+)|\/Height (\d+)[^>]*?\/Width (\d+)/g)].map((m) => Math.max(Number(m[1] ?? m[4]), Number(m[2] ?? m[3])));

describe('photo previews and the report', () => {
  it('keeps a bounded JPEG preview of a 49 MP PNG and of a 16-bit PNG; the report embeds only previews and is kept per version and language', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0001');
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
    const deep = await sharp({ create: { width: 900, height: 2000, channels: 3, background: '#406080' } }).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(deep).metadata()).depth).toBe('ushort');
    const saved = await post(c, id, h, [
      { type: 'battery', name: 'huge.png', file: dataUrl('image/png', huge) },
      { type: 'relay', name: 'deep.png', file: dataUrl('image/png', deep) },
    ]);
    expect(saved.statusCode).toBe(201);
    const rows = await c.database.db.select({ name: upload.name, preview: upload.preview }).from(upload).where(eq(upload.installationId, id));
    for (const r of rows) {
      const meta = await sharp(r.preview!).metadata();
      expect(meta.format, r.name).toBe('jpeg');
      expect(Math.max(meta.width, meta.height), r.name).toBeLessThanOrEqual(1600);
      expect(meta.depth).toBe('uchar');
      expect(r.preview!.length).toBeLessThanOrEqual(120 * 1024);
    }
    expect(rows).toHaveLength(4);

    expect((await submit(c, id, h)).statusCode).toBe(200);
    const first = await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=de`, headers: h });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toBe('attachment; filename="Bericht-SN-DEMO-0001-v1.pdf"');
    const pdf = first.rawPayload;
    // Four photos, each as its preview (the QR code is the one small PNG); never the 7000 px original.
    expect(pdf.toString('latin1').match(/\/Filter \/DCTDecode/g)).toHaveLength(4);
    expect(Math.max(...embeddedImages(pdf))).toBeLessThanOrEqual(1600);
    expect(pdf.length).toBeLessThan(1.5 * 1024 * 1024);

    // Kept: the second download is the same bytes, read back.
    const kept = await c.database.db.select({ locale: reportPdf.locale }).from(reportPdf);
    expect(kept.map((k) => k.locale)).toEqual(['de']);
    const again = await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=de`, headers: h });
    expect(again.rawPayload.equals(pdf)).toBe(true);
    const english = await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=en`, headers: h });
    expect(english.headers['content-disposition']).toBe('attachment; filename="report-SN-DEMO-0001-v1.pdf"');
  }, HEAVY_TEST_MS);

  it('drops the bytes after a JPEG end marker before storing: the stored file and its download are the image alone', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0002');
    const image = makeJpeg(64, 48, 7);
    const padded = Buffer.concat([image, Buffer.alloc(3 * 1024 * 1024, 0x41)]);
    const res = await post(c, id, h, [{ type: 'battery', name: 'padded.jpg', file: dataUrl('image/jpeg', padded) }]);
    expect(res.statusCode).toBe(201);
    const [answer] = res.json() as { id: number; sizeKilobytes: number; file: string }[];
    expect(answer!.sizeKilobytes).toBe(Math.round((image.length / 1024) * 100) / 100);
    expect(Buffer.from(answer!.file.split(',')[1]!, 'base64').equals(image)).toBe(true);
    const download = await c.app.inject({ url: `/api/installations/${id}/uploads/${answer!.id}/file`, headers: h });
    expect(download.rawPayload.equals(image)).toBe(true);

    // An image whose end never comes is refused, and so is one that cannot be decoded.
    const cut = await post(c, id, h, [{ type: 'battery', name: 'cut.jpg', file: dataUrl('image/jpeg', image.subarray(0, image.length - 2)) }]);
    expect(cut.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_FILE_TYPE' });
  });

  it('a report of 60 photos embeds 60 previews', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0003');
    await c.app.inject({ method: 'DELETE', url: `/api/installations/${id}/uploads`, headers: h, payload: { ids: [] } });
    const slots = ['pvModules', 'chargeControllerPosition', 'telematics-mcu', 'battery', 'relay', 'other'];
    for (const type of slots) {
      const have = (await c.database.db.select({ id: upload.id, type: upload.type }).from(upload).where(eq(upload.installationId, id))).filter((u) => u.type === type).length;
      const files = await Promise.all(
        Array.from({ length: 10 - have }, async (_, i) => ({
          type,
          name: `${type}-${i}.jpg`,
          file: dataUrl('image/jpeg', await sharp({ create: { width: 400, height: 300, channels: 3, background: { r: i * 20, g: slots.indexOf(type) * 40, b: 90 } } }).jpeg().toBuffer()),
        })),
      );
      expect((await post(c, id, h, files)).statusCode).toBe(201);
    }
    expect(await c.database.db.$count(upload, eq(upload.installationId, id))).toBe(60);
    expect((await submit(c, id, h)).statusCode).toBe(200);
    const res = await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=en`, headers: h });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.toString('latin1').match(/\/Filter \/DCTDecode/g)).toHaveLength(60);
  }, HEAVY_TEST_MS);

  it('prints names in Latin Extended, Greek and Cyrillic as they are, and what the font cannot draw as a visible mark', async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0004');
    const places = 'Łódź, Šumperk, İzmir, Αθήνα, Москва';
    expect((await post(c, id, h, [{ type: 'other', name: 'lieferschein.pdf', file: dataUrl('application/pdf', makePdf()) }])).statusCode).toBe(201);
    expect((await submit(c, id, h, `${places} / مرحبا 😀`)).statusCode).toBe(200);
    const texts: Record<string, string> = {};
    for (const lang of ['en', 'de']) {
      const text = pdftotext((await c.app.inject({ url: `/api/installations/${id}/report.pdf?lang=${lang}`, headers: h })).rawPayload);
      expect(text).toContain(places);
      expect(text).toContain('\uFFFD');
      expect(text).not.toContain('مرحبا');
      texts[lang] = text;
    }
    // Numbers as each language writes them; a document's label once.
    expect(texts.de).toMatch(/\b\d{1,3}\.\d{3} km/);
    expect(texts.en).toMatch(/\b\d{1,3},\d{3} km/);
    expect(texts.de!.match(/Weitere Dokumente/g)).toHaveLength(1);
    expect(texts.de).toContain('lieferschein.pdf');
  });
  it("keeps each charge controller's block (its heading and its rows down to the fault LED) on one page, wherever the page breaks", async () => {
    const c = await ctx();
    const { h, id } = await readyToSubmit(c, 'SN-DEMO-0005');
    const summary = (await c.app.inject({ url: `/api/installations/${id}/summary`, headers: h })).json<InstallationSummary>();
    expect(summary.chargeControllers.length).toBeGreaterThan(0);
    // Longer and longer comments move the controllers' blocks down across the page break, a line at a time.
    for (let lines = 0; lines <= 48; lines += 2) {
      const pdf = await renderReportPdf({
        summary: { ...summary, general: { ...summary.general, comments: Array.from({ length: lines }, (_, i) => `Note ${i + 1}`).join('\n') || null } },
        report: { reportVersion: 1, createdAt: new Date('2026-11-26T16:48:00Z') },
        photos: [],
        documents: [],
        locale: 'en',
        verifyUrl: 'http://localhost:3000/#/verify/abc',
        timeZone: 'Europe/Berlin',
      });
      const pages = pdftotext(pdf).split('\f');
      for (const controller of summary.chargeControllers) {
        const heading = `Charge controller ${controller.serialNumber}`;
        const page = pages.findIndex((text) => text.includes(heading));
        expect(page, `${heading} with ${lines} lines of comments`).toBeGreaterThanOrEqual(0);
        expect(pages[page]!.slice(pages[page]!.indexOf(heading)), `${heading} with ${lines} lines of comments`).toContain('Fault LED');
      }
    }
  }, HEAVY_TEST_MS);
});
