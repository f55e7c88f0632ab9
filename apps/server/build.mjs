// Compiles the server to JavaScript (dist/): the server, the operator CLI, the inspection, report and spreadsheet workers and the log writer.
// The workspace package @portal/domain is bundled in; every package the server depends on is loaded
// from node_modules at run time, so a production install needs only the server's dependencies.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).flatMap((name) => [name, `${name}/*`]);

await build({
  entryPoints: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    'inspection-worker': 'src/services/uploads/inspection-worker.ts',
    'report-worker': 'src/services/reports/report-worker.ts',
    'spreadsheet-worker': 'src/services/reports/spreadsheet-worker.ts',
    'log-writer': 'src/plugins/log-writer.ts',
  },
  absWorkingDir: import.meta.dirname,
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  external,
  // Bundled CommonJS modules of the workspace may still call require() for Node's own modules.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  logLevel: 'warning',
});

const { writeSourceVersion } = await import('../../scripts/source-version.mjs');
writeSourceVersion('server');
