import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { loadOnce } from '@/lib/load-once';
import { formResolver } from './form-resolver';

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe('formResolver', () => {
  it('loads its schema on the first validation, once, and checks what toInput makes of the values', async () => {
    const schema = z.object({ year: z.number({ error: 'invalidNumber' }) });
    const load = vi.fn(() => Promise.resolve(schema));
    const resolver = formResolver(load, ({ year }: { year: string }) => ({ year: year === '' ? undefined : Number(year) }));
    expect(load).not.toHaveBeenCalled();

    const invalid = await resolver({ year: '' }, undefined, options);
    expect(invalid.errors.year?.message).toBe('invalidNumber');
    const valid = await resolver({ year: '2024' }, undefined, options);
    expect(valid).toEqual({ values: { year: 2024 }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads without waiting for a validation, and a preload that failed is tried again', async () => {
    const schema = z.object({ name: z.string().min(1, 'required') });
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const resolver = formResolver(load, (values: { name: string }) => values);
    resolver.preload();
    // The schema's module comes after zod's, each in a task of its own; no validation asked for it.
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // The failed load settles first (the device came back online after it).
    await new Promise((resolve) => setTimeout(resolve, 0));

    const result = await resolver({ name: '' }, undefined, options);
    expect(result.errors.name?.message).toBe('required');
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('loadOnce', () => {
  it('shares one load between callers', async () => {
    const load = vi.fn(() => Promise.resolve('schema'));
    const part = loadOnce(load);
    part.preload();
    await expect(Promise.all([part.get(), part.get()])).resolves.toEqual(['schema', 'schema']);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
