// The server process of the hostile-uploads benchmark: the real app on a fresh database, listening
// on a free port. It reports its address and a token, and its own memory when asked.
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { benchApp } from './lib';

const ctx = await benchApp();
await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const draft = async (serial: string) =>
  (await ctx.app.inject({ method: 'POST', url: '/api/installations', headers: ctx.headers, payload: { systemSerialNumber: serial, startDate: '2026-11-20', name: 'Bench' } })).json().id as number;
// One installation for the crafted files, one whose empty slot takes the eight large ones.
const installationId = await draft('SN-DEMO-0001');
const parallelInstallationId = await draft('SN-DEMO-0002');

/** Resident memory now and its peak since the last reset, from /proc (Linux) or process.memoryUsage. */
const memory = () => {
  try {
    const status = fs.readFileSync('/proc/self/status', 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    const rss = process.memoryUsage.rss();
    return { rss, peak: rss };
  }
};

process.on('message', async (message: { type: string }) => {
  if (message.type === 'reset-peak') {
    global.gc?.();
    // Writing 5 to clear_refs sets the peak (VmHWM) back to the current resident size.
    try {
      fs.writeFileSync('/proc/self/clear_refs', '5');
    } catch {
      /* not Linux: the peak is the sampled one */
    }
    process.send!({ type: 'memory', ...memory() });
  } else if (message.type === 'memory') {
    process.send!({ type: 'memory', ...memory() });
  } else if (message.type === 'close') {
    await ctx.close();
    process.exit(0);
  }
});
process.send!({
  type: 'ready',
  base: `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`,
  headers: ctx.headers,
  installationId,
  parallelInstallationId,
});
