// The installation report: GET /api/installations/{id}/report.pdf of a completed installation with 10
// photos (about 0.5 MB each, what the wizard's compression leaves), one request after another, as a
// fleet manager downloads it. A latency figure, so the requests come from this process; the baseline
// in the same run is the summary of the same installation (the read the report is built on).
import jpeg from 'jpeg-js';
import { createTruckInput, passingSetupOf } from '@portal/domain/testing/vehicle';
import { benchApp, engineOf, ms, stats } from './lib';

const RUNS = 15;
const DEVICE_KEY = 'bench-device-key-0123456789';

/** A photo-like JPEG: noisy enough that it does not compress to nothing. */
function photo(seed: number, width = 800, height = 600) {
  const data = Buffer.alloc(width * height * 4);
  let x = seed;
  for (let i = 0; i < data.length; i += 4) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    const p = i / 4;
    data[i] = ((p % width) / width) * 200 + (x & 0x3f);
    data[i + 1] = (Math.floor(p / width) / height) * 200 + ((x >> 8) & 0x3f);
    data[i + 2] = 120 + ((x >> 16) & 0x3f);
    data[i + 3] = 255;
  }
  return jpeg.encode({ data, width, height }, 85).data as Buffer;
}

export async function benchReport() {
  const ctx = await benchApp({ DEVICE_API_KEYS: DEVICE_KEY });
  const h = ctx.headers;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = h) => {
    const res = await ctx.app.inject({ method, url, headers, payload: payload as never });
    if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    return res;
  };
  try {
    let current = (await call('POST', '/api/installations', { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Report bench' })).json();
    const id = current.id as number;
    current = (await call('PUT', `/api/installations/${id}`, { version: current.version, customerDataConfirmed: true })).json();
    current = (
      await call('POST', `/api/installations/${id}/vehicle`, { version: current.version, ...createTruckInput() })
    ).json();
    const controllers = passingSetupOf(current.system.chargeControllers as { serialNumber: string }[]);
    await call('PUT', `/api/installations/${id}/setup`, { version: current.version, controllers });
    const photos = Array.from({ length: 10 }, (_, i) => photo(i + 1));
    const averageKb = photos.reduce((sum, p) => sum + p.length, 0) / photos.length / 1024;
    for (const [slot, batch] of [['pvModules', photos.slice(0, 5)], ['telematics-mcu', photos.slice(5)]] as const) {
      await call(
        'POST',
        `/api/installations/${id}/uploads`,
        batch.map((bytes, i) => ({ type: slot, name: `${slot}-${i + 1}.jpg`, file: `data:image/jpeg;base64,${bytes.toString('base64')}` })),
      );
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

    const measure = async (url: string) => {
      await call('GET', url); // warm-up: the first report signs its version
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now();
        const res = await call('GET', url);
        samples.push(performance.now() - started);
        bytes = res.rawPayload.length;
      }
      return { ...stats(samples), bytes };
    };
    const summary = await measure(`/api/installations/${id}/summary`);
    const report = await measure(`/api/installations/${id}/report.pdf?lang=de`);
    const row = (what: string, s: typeof summary) => ({ request: what, p50: ms(s.p50), p95: ms(s.p95), max: ms(s.max), size: `${(s.bytes / 1024).toFixed(0)} KB` });
    return {
      title: `Installation report with 10 photos (${averageKb.toFixed(0)} KB each), ${RUNS} requests one after another (${engineOf()}); target: under 1 s`,
      rows: [row('baseline: GET summary (JSON)', summary), row('GET report.pdf (10 photos, QR code)', report), { request: 'report within 1 s (p95)', p50: report.p95 < 1000 ? 'yes' : 'NO', p95: '', max: '', size: '' }],
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
