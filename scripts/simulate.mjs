// npm run simulate -- [--url URL] [--key KEY]: demo telematics gateways posting heartbeats.
import { register } from 'tsx/esm/api';

register();
await import('../apps/server/src/cli/simulate.ts');
