// The log writer's entry: worker threads do not inherit the TypeScript loader of the main thread
// (tsx under `npm start` and the tests alike), so the worker registers it for itself.
import { register } from 'tsx/esm/api';

register();
await import('./log-writer.ts');
