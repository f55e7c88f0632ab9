// Every API test file: a statement sent on a database connection that still runs one fails the run.
// pg 8 queues it with a warning, pg 9 refuses it; a transaction's reads go one after another (readAll).
process.on('warning', (warning) => {
  if (/already executing a query/.test(warning.message)) throw warning;
});
