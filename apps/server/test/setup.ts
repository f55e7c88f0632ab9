// Every API test file: a statement sent on a database connection that still runs one fails the run.
// pg 8 queues it with a warning, pg 9 refuses it; a transaction's reads go one after another (readAll).
// The files of a project share their worker (no isolation, see vitest.config.ts): the listener is
// added once per worker, not once per file.
const installed = Symbol.for('portal.test.concurrent-query-warning');
const registry = globalThis as { [installed]?: true };
if (!registry[installed]) {
  registry[installed] = true;
  process.on('warning', (warning) => {
    if (/already executing a query/.test(warning.message)) throw warning;
  });
}
