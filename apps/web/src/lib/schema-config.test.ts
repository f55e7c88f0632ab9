import { describe, expect, it } from 'vitest';

describe('schema settings', () => {
  it('turns off zod’s eval probe for every schema, set before zod is imported', async () => {
    await import('./schema-config');
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: 'Bus 12' })).toEqual({ name: 'Bus 12' });
  });
});
