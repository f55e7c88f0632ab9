// npm test: every check, in order; stops at the first failing step and says which.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');

/** @type {Array<[string, [string, ...string[]], Record<string, string>?]>} */
const steps = [
  ['typecheck', ['npm', 'run', 'typecheck']],
  ['lint', ['npx', 'eslint', '.', '--max-warnings=0']],
  ['unit and API tests', ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]],
  ['web build', ['npm', 'run', 'build', '-w', '@portal/web']],
  ['bundle budget', ['npm', 'run', 'size', '-w', '@portal/web']],
  ['chromium', ['node', 'scripts/ensure-chromium.mjs']],
  ['end-to-end tests', ['npx', 'playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }],
];

/** @type {Array<[string, string]>} */
const timings = [];
let failed = null;
for (const [name, [cmd, ...args], extraEnv] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  timings.push([name, ((Date.now() - started) / 1000).toFixed(1)]);
  if (result.status !== 0) {
    failed = name;
    break;
  }
}

/**
 * @param {string} file
 * @param {(report: any) => { passed: number; failed: number; skipped: number }} read
 */
function counts(file, read) {
  try {
    return read(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return { passed: 0, failed: 0, skipped: 0 };
  }
}
const unit = counts(vitestJson, (r) => ({ passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests }));
const e2e = counts(playwrightJson, (r) => ({ passed: r.stats.expected + r.stats.flaky, failed: r.stats.unexpected, skipped: r.stats.skipped }));
rmSync(reports, { recursive: true, force: true });

console.log('\n=== summary ===');
for (const [name, seconds] of timings) console.log(`${name.padEnd(20)} ${seconds.padStart(7)} s`);
console.log(`vitest: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped`);
console.log(`playwright: ${e2e.passed} passed, ${e2e.failed} failed, ${e2e.skipped} skipped`);
if (failed) {
  console.log(`FAILED at step: ${failed}`);
  process.exit(1);
}
console.log(`total: ${unit.passed + e2e.passed} passed, ${unit.failed + e2e.failed} failed`);
