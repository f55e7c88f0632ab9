// npm test: every check, in order; stops at the first failing step and says which.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'portal-test-reports-'));
const vitestJson = path.join(reports, 'vitest.json');
const playwrightJson = path.join(reports, 'playwright.json');

/** A step is one command, or several run at once. @type {Array<[string, string[] | string[][], Record<string, string>?]>} */
const steps = [
  // Two cores: the type checker and the linter run side by side (both stop the run when they fail).
  ['typecheck and lint', [['npm', 'run', 'typecheck'], ['npx', 'eslint', '.', '--max-warnings=0']]],
  ['unit and API tests', ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]],
  ['web build', ['npm', 'run', 'build', '-w', '@portal/web']],
  ['bundle budget', ['npm', 'run', 'size', '-w', '@portal/web']],
  ['chromium', ['node', 'scripts/ensure-chromium.mjs']],
  ['end-to-end tests', ['npx', 'playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson }],
];

/** @type {Array<[string, string]>} */
const timings = [];
let failed = null;
/**
 * @param {string[]} command
 * @param {Record<string, string> | undefined} extraEnv
 * @returns {Promise<number | null>} the exit code
 */
const run = ([cmd, ...args], extraEnv) =>
  new Promise((resolve) => spawn(/** @type {string} */ (cmd), args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } }).once('close', resolve));

for (const [name, command, extraEnv] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const commands = /** @type {string[][]} */ (Array.isArray(command[0]) ? command : [command]);
  const codes = await Promise.all(commands.map((c) => run(c, extraEnv)));
  timings.push([name, ((Date.now() - started) / 1000).toFixed(1)]);
  if (codes.some((code) => code !== 0)) {
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
