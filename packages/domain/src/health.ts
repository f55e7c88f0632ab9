import { z } from 'zod';

const EngineSchema = z.enum(['pglite', 'postgres']);

/** Answer of `GET /api/health`: the process serves requests, on this database engine. */
export const LivenessSchema = z.object({ status: z.literal('ok'), engine: EngineSchema });

/** Answer of `GET /api/health/ready`: the database and the object store (if any) are reachable. */
export const ReadinessSchema = LivenessSchema.extend({ database: z.literal('ok'), objectStore: z.enum(['ok', 'none']) });
