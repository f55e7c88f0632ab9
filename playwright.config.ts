import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_PORT } from './e2e/config.mjs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * The specs that record on the demo fleet's systems (SN-DEMO-0001 to 0005). They take turns on those
 * systems and rely on each other's order (complete-installation completes SN-DEMO-0002 before
 * phone-layout runs), so they run one after another, in file order. The other specs make systems and
 * users of their own; they run one after another too, beside the first line, against the same server.
 */
const specDir = path.join(import.meta.dirname, 'e2e');
const onDemoSystems = readdirSync(specDir)
  .filter((file) => file.endsWith('.spec.ts') && readFileSync(path.join(specDir, file), 'utf8').includes('SN-DEMO-'))
  .map((file) => path.join(specDir, file));
const browser = { ...devices['Desktop Chrome'], channel: undefined, locale: 'en-US' };

export default defineConfig({
  testDir: 'e2e',
  outputDir: `test-results/${E2E_PORT}`,
  // Two lines of specs side by side (see the projects): most of a spec's time is spent waiting for the
  // server, the network or a clock, so the second line uses what the first leaves idle of two cores.
  workers: 2,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // A trace costs about a quarter of the run; a failure keeps its screenshot and page snapshot. Add one
    // with `npx playwright test --trace retain-on-failure` when a failure needs it.
    trace: 'off',
    screenshot: 'only-on-failure',
    // The offline spec turns the service worker on for itself; elsewhere pages talk to the server directly.
    serviceWorkers: 'block',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [
    { name: 'demo-systems', testMatch: onDemoSystems, workers: 1, use: browser },
    { name: 'own-systems', testIgnore: onDemoSystems, workers: 1, use: browser },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
