// npm run admin -- <command>: operator commands (see apps/server/src/cli/admin.ts). The compiled CLI
// when it is built from today's sources (a production install), otherwise the sources through tsx.
import { isBuildCurrent } from './source-version.mjs';

if (isBuildCurrent('server')) {
  await import(new URL('../apps/server/dist/admin.mjs', import.meta.url).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../apps/server/src/cli/admin.ts');
}
