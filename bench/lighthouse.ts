// Lighthouse (mobile profile) on the login page, the fleet home and a wizard tab, in Debian's
// Chromium. Playwright signs in inside a persistent profile that Lighthouse then audits over CDP.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { spawnServer, waitForHttp } from './processes';
import { measureHomeRounds, measureLoadedJs, roundsTable } from './request-rounds';

const PORT = 3300;
const CDP_PORT = 9333;
const base = `http://localhost:${PORT}`;

export async function benchLighthouse() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-'));
  // Audited as it runs in production (with the demo data to have something to show).
  const server = spawnServer(
    {
      ...process.env,
      NODE_ENV: 'production',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DEMO: 'true',
      SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    ['ignore', 'ignore', 'inherit'],
  );
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-lh-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${CDP_PORT}`],
    headless: true,
  });
  const rows: Record<string, string | number>[] = [];
  const tables: ReturnType<typeof roundsTable>[] = [];
  try {
    await waitForHttp(`${base}/api/health`, server);
    const audit = async (label: string, url: string) => {
      const run = async () =>
        (await lighthouse(url, {
          port: CDP_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          formFactor: 'mobile',
          disableStorageReset: true,
        }))!.lhr;
      // A run Lighthouse could not finish (its trace lost the navigation, say) scores 0 everywhere:
      // it is run again, as Lighthouse advises, and named if it keeps failing, instead of writing zeros.
      let lhr = await run();
      for (let attempt = 1; lhr.runtimeError && attempt < 3; attempt++) lhr = await run();
      if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      // LIGHTHOUSE_REPORTS=dir keeps each page's whole report (long tasks, script boot-up, …) for a closer look.
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) fs.writeFileSync(path.join(reports, `${label.replace(/[^\w]+/g, '-')}.json`), JSON.stringify(lhr));
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? 0)} ms`;
      rows.push({
        page: label,
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best practices': score('best-practices'),
        LCP: ms('largest-contentful-paint'),
        TBT: ms('total-blocking-time'),
        CLS: (lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3),
      });
    };

    await audit('#/login', `${base}/#/login`);

    // Sign in through the real mail and code, in the profile Lighthouse uses.
    const page = context.pages()[0] ?? (await context.newPage());
    const email = 'lighthouse@example.com';
    const headers = { origin: base };
    await page.request.post(`${base}/api/auth/email/send`, { data: { email }, headers });
    const outbox = path.join(dataDir, 'outbox');
    const mail = JSON.parse(fs.readFileSync(path.join(outbox, fs.readdirSync(outbox).find((f) => f.includes(email))!), 'utf8')) as { text: string };
    const otp = mail.text.match(/\b(\d{6})\b/)![1];
    await page.request.post(`${base}/api/auth/sign-in/email-otp`, { data: { email, otp }, headers });
    const { token } = (await (await page.request.get(`${base}/api/auth/token`)).json()) as { token: string };
    const created = await page.request.post(`${base}/api/installations`, {
      data: { systemSerialNumber: 'SN-DEMO-0001', startDate: '2026-11-20', name: 'Lighthouse' },
      headers: { authorization: `Bearer ${token}` },
    });
    const { id } = (await created.json()) as { id: number };
    await page.goto(`${base}/#/sono`);
    await page.getByRole('button', { name: 'Add new installation' }).waitFor();

    await audit('#/sono (fleet home)', `${base}/#/sono`);
    await audit('wizard: vehicle tab', `${base}/#/sono/installations/${id}?tab=vehicle`);
    const state = await context.storageState();
    const js = {
      home: await measureLoadedJs(`${base}/#/sono`, 'installation-row', state),
      wizard: await measureLoadedJs(`${base}/#/sono/installations/${id}?tab=vehicle`, 'wizard-serial', state),
    };
    tables.push(roundsTable(await measureHomeRounds(`${base}/#/sono`, state), js));
  } finally {
    await context.close();
    server.kill('SIGTERM');
    fs.rmSync(profile, { recursive: true, force: true });
  }
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  return [{ title: `Lighthouse 12 (mobile profile, simulated throttling) in Debian Chromium, ${date} UTC`, rows }, ...tables];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const table of await benchLighthouse()) {
    console.log(table.title);
    console.table(table.rows);
  }
}
