// The installation report: GET /api/installations/{id}/report.pdf of a completed installation with 10
// photos (about 0.5 MB each, what the wizard's compression leaves), one request after another, as a
// fleet manager downloads it: built anew (the kept PDF removed before each request) and read back. A
// latency figure, so the requests come from this process; the baseline in the same run is the summary
// of the same installation. Then the worst accepted photos: 60 of them (49 MP PNGs, 16-bit PNGs,
// photos of noise, JPEGs padded with 20 MB after their end marker), the report built while
// /api/health is asked every 5 ms, and the process's RSS sampled meanwhile.
import sharp from 'sharp';
import { reportPdf } from '../apps/server/src/db/schema';
import { createTruckInput, passingSetupOf } from '@portal/domain/testing/vehicle';
import { benchApp, engineOf, ms, noisyJpeg, percentile, stats } from './lib';

const RUNS = 15;
const DEVICE_KEY = 'bench-device-key-0123456789';

/** A photo-like JPEG: noisy enough that it does not compress to nothing. */
function photo(seed: number, width = 800, height = 600) {
  return noisyJpeg(seed, width, height, 85);
}

type Ctx = Awaited<ReturnType<typeof benchApp>>;

async function completedWith(ctx: Ctx, serial: string, batches: { type: string; name: string; bytes: Buffer; mime: string }[][]) {
  const h = ctx.headers;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = h) => {
    const res = await ctx.app.inject({ method, url, headers, payload: payload as never });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  let current = (await call('POST', '/api/installations', { systemSerialNumber: serial, startDate: '2026-11-20', name: 'Report bench' })).json();
  const id = current.id as number;
  current = (await call('PUT', `/api/installations/${id}`, { version: current.version, customerDataConfirmed: true })).json();
  current = (await call('POST', `/api/installations/${id}/vehicle`, { version: current.version, ...createTruckInput() })).json();
  const controllers = passingSetupOf(current.system.chargeControllers as { serialNumber: string }[]);
  await call('PUT', `/api/installations/${id}/setup`, { version: current.version, controllers });
  for (const batch of batches) {
    await call('POST', `/api/installations/${id}/uploads`, batch.map((f) => ({ type: f.type, name: f.name, file: `data:${f.mime};base64,${f.bytes.toString('base64')}` })));
  }
  const run = (await call('GET', `/api/installations/${id}/systemChecks`)).json() as { checks: { type: string; imei: string; controllerSerial: string | null }[] };
  const now = new Date().toISOString();
  await call(
    'POST',
    '/api/devices/heartbeats',
    run.checks.map((c) => (c.type === 'mcu-heartbeat' ? { type: c.type, imei: c.imei, controllerSerial: c.controllerSerial, timestamp: now } : { type: c.type, imei: c.imei, timestamp: now })),
    { 'x-api-key': DEVICE_KEY },
  );
  await call('POST', `/api/installations/${id}/submit`, { summaryDataConfirmed: true });
  return { id, call };
}

const SLOTS = ['pvModules', 'chargeControllerPosition', 'telematics-mcu', 'battery', 'relay', 'other'];

/** The worst photos the portal accepts, 60 distinct ones, one per request. */
async function worstPhotos() {
  const files: { type: string; name: string; bytes: Buffer; mime: string }[] = [];
  for (let i = 0; i < 60; i++) {
    const type = SLOTS[i % SLOTS.length]!;
    const kind = i % 4;
    let bytes: Buffer;
    let mime = 'image/png';
    if (kind === 0) {
      bytes = await sharp({ create: { width: 7000, height: 7000, channels: 4, background: { r: i * 4, g: 120, b: 200, alpha: 0.5 } } }).png().toBuffer();
    } else if (kind === 1) {
      bytes = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: { r: i * 4, g: 60, b: 90 } } }).toColourspace('rgb16').png().toBuffer();
    } else if (kind === 2) {
      bytes = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: { r: i * 4, g: 128, b: 128 }, noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).jpeg({ quality: 90 }).toBuffer();
      mime = 'image/jpeg';
    } else {
      bytes = Buffer.concat([photo(i + 100), Buffer.alloc(20 * 1024 * 1024, 0x41)]);
      mime = 'image/jpeg';
    }
    files.push({ type, name: `${type}-${i}.${mime === 'image/png' ? 'png' : 'jpg'}`, bytes, mime });
  }
  return files;
}

export async function benchReport() {
  const ctx = await benchApp({ DEVICE_API_KEYS: DEVICE_KEY });
  try {
    const photos = Array.from({ length: 10 }, (_, i) => photo(i + 1));
    const averageKb = photos.reduce((sum, p) => sum + p.length, 0) / photos.length / 1024;
    const usual = await completedWith(ctx, 'SN-DEMO-0001', [
      photos.slice(0, 5).map((bytes, i) => ({ type: 'pvModules', name: `pvModules-${i + 1}.jpg`, bytes, mime: 'image/jpeg' })),
      photos.slice(5).map((bytes, i) => ({ type: 'telematics-mcu', name: `telematics-${i + 1}.jpg`, bytes, mime: 'image/jpeg' })),
    ]);
    const measure = async (url: string, anew: boolean) => {
      await usual.call('GET', url); // warm-up
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        if (anew) await ctx.database.db.delete(reportPdf);
        const started = performance.now();
        const res = await usual.call('GET', url);
        samples.push(performance.now() - started);
        bytes = res.rawPayload.length;
      }
      return { ...stats(samples), bytes };
    };
    const summary = await measure(`/api/installations/${usual.id}/summary`, false);
    const built = await measure(`/api/installations/${usual.id}/report.pdf?lang=de`, true);
    const kept = await measure(`/api/installations/${usual.id}/report.pdf?lang=de`, false);

    // 60 of the worst photos, uploaded one per request (each is inspected and previewed once, then).
    const worst = await worstPhotos();
    const heavy = await completedWith(ctx, 'SN-DEMO-0002', worst.map((f) => [f]));
    const worstMb = Math.max(...worst.map((f) => f.bytes.length)) / 2 ** 20;
    worst.length = 0;
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const url = `/api/installations/${heavy.id}/report.pdf?lang=de`;
    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const health: number[] = [];
    let building = true;
    const pinger = (async () => {
      while (building) {
        const started = performance.now();
        await ctx.app.inject({ url: '/api/health' });
        health.push(performance.now() - started);
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const started = performance.now();
    const res = await heavy.call('GET', url);
    const heavyMs = performance.now() - started;
    building = false;
    await pinger;
    const heavyBytes = res.rawPayload.length;
    const healthSorted = [...health].sort((a, b) => a - b);
    const p99 = percentile(healthSorted, 99);
    const rise = (rssPeak - rssBefore) / 2 ** 20;
    const again = performance.now();
    await heavy.call('GET', url);
    const keptMs = performance.now() - again;

    const row = (what: string, s: typeof summary) => ({ request: what, p50: ms(s.p50), p95: ms(s.p95), max: ms(s.max), size: `${(s.bytes / 1024).toFixed(0)} KB`, target: '' });
    const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
    return {
      title: `Installation report (${engineOf()}): 10 photos (${averageKb.toFixed(0)} KB each), ${RUNS} requests one after another; then 60 of the worst accepted photos (49 MP PNGs, 16-bit PNGs, noise, JPEGs padded to ${worstMb.toFixed(0)} MB)`,
      rows: [
        row('baseline: GET summary (JSON)', summary),
        row('GET report.pdf, 10 photos, built anew', built),
        row('GET report.pdf, 10 photos, kept', kept),
        { request: '10-photo report ≤ 1.5 MB', p50: yes(built.bytes <= 1.5 * 2 ** 20), p95: '', max: '', size: `${(built.bytes / 1024).toFixed(0)} KB`, target: '≤ 1536 KB' },
        { request: 'GET report.pdf, 60 worst photos, built', p50: ms(heavyMs), p95: '', max: '', size: `${(heavyBytes / 1024).toFixed(0)} KB`, target: `≤ 3000 ms: ${yes(heavyMs <= 3000)}; ≤ 8 MB: ${yes(heavyBytes <= 8 * 2 ** 20)}` },
        { request: 'GET report.pdf, 60 worst photos, kept', p50: ms(keptMs), p95: '', max: '', size: '', target: '' },
        { request: `/api/health meanwhile (${health.length} requests)`, p50: ms(percentile(healthSorted, 50)), p95: `p99 ${ms(p99)}`, max: ms(healthSorted.at(-1)!), size: '', target: `p99 < 100 ms: ${yes(p99 < 100)}` },
        { request: 'RSS rise while the report is built', p50: `${rise.toFixed(0)} MB`, p95: '', max: '', size: '', target: `< 150 MB: ${yes(rise < 150)}` },
      ],
    };
  } finally {
    await ctx.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const table = await benchReport();
  console.log(`\n${table.title}`);
  console.table(table.rows);
}
