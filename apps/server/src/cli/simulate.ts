import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { demoDevices } from '../db/seed';
import { heartbeatsForDevices, postHeartbeats } from '../simulator/simulator';

const USAGE = `Usage: npm run simulate -- [--url URL] [--key DEVICE_KEY] [--interval SECONDS] [--once]
Posts the heartbeats of the demo devices to URL/api/devices/heartbeats every few seconds, as their
telematics gateways would (controller CC-DEMO-0005-B stays silent). The key defaults to the first of
DEVICE_API_KEYS, else to the demo key in DATA_DIR/.device-key.`;

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}` },
    key: { type: 'string' },
    interval: { type: 'string', default: '5' },
    once: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const keyFile = path.join(path.resolve(process.env.DATA_DIR ?? 'data'), '.device-key');
const key =
  values.key ?? process.env.DEVICE_API_KEYS?.split(',')[0]?.trim() ?? (fs.existsSync(keyFile) ? fs.readFileSync(keyFile, 'utf8').trim() : undefined);
if (!key) {
  console.error(`No device key: pass --key or set DEVICE_API_KEYS.\n\n${USAGE}`);
  process.exit(1);
}
const intervalMs = Math.max(1, Number(values.interval)) * 1000;

async function tick() {
  const heartbeats = heartbeatsForDevices(demoDevices());
  try {
    const r = await postHeartbeats(values.url!, key!, heartbeats);
    console.log(`${new Date().toISOString()} sent ${r.received} heartbeats, ${r.matched} checks turned green`);
  } catch (error) {
    console.error(`${new Date().toISOString()} ${error instanceof Error ? error.message : String(error)}`);
  }
}

await tick();
if (!values.once) {
  const timer = setInterval(tick, intervalMs);
  const stop = () => {
    clearInterval(timer);
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
