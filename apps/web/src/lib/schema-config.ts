// zod keeps its settings on `globalThis.__zod_globalConfig` and takes the object found there when it
// loads, so setting them here, first thing, holds for every schema without loading zod itself: the
// fleet home runs without it.
// jitless: zod would otherwise probe `new Function` once, which the Content-Security-Policy (no
// 'unsafe-eval') reports.
type ZodSettings = { jitless?: boolean };
const host = globalThis as { __zod_globalConfig?: ZodSettings };
Object.assign((host.__zod_globalConfig ??= {}), { jitless: true } satisfies ZodSettings);

export {};
