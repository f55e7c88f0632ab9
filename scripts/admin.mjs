// npm run admin -- <command>: operator commands (see apps/server/src/cli/admin.ts).
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/cli/admin.ts');
