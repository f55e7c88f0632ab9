// npm start: build what is missing or older than its sources, then run the compiled server in this
// process (so SIGTERM reaches it). Production: `npm run build` once, then
// `node --max-semi-space-size=4 apps/server/dist/server.mjs` (see README, "Production install").
import { spawnSync } from 'node:child_process';
import { isBuildCurrent } from './source-version.mjs';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(`Node ${process.versions.node} is too old: the portal needs Node 22.12 or later (24 recommended).`);
  process.exit(1);
}

for (const [kind, workspace] of /** @type {const} */ ([['web', '@portal/web'], ['server', '@portal/server']])) {
  if (isBuildCurrent(kind)) continue;
  // On stderr: stdout carries the server's JSON log lines only.
  console.error(`Building the ${kind} (its sources changed since the last build)...`);
  const build = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: ['ignore', 2, 2] });
  if (build.status !== 0) {
    console.error(`The ${kind} build failed. A production install builds once with its dev dependencies (npm ci --include=dev && npm run build) before it starts.`);
    process.exit(build.status ?? 1);
  }
}

// npm runs this script through `sh -c` and passes a SIGTERM on to that shell only, which ends without
// passing it on (Debian's dash): the server would be left running. So when the shell between npm and this
// process is gone, the server stops as if it had been sent SIGTERM itself: it drains and exits 0.
if (process.env.npm_lifecycle_event === 'start') {
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    process.emit('SIGTERM', 'SIGTERM');
  }, 250);
  watch.unref();
}

// The build's address is worked out, so that type checks do not read the bundle.
await import(new URL('../apps/server/dist/server.mjs', import.meta.url).href);
