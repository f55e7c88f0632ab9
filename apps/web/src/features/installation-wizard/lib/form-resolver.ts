import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * The domain's zod schema as a form resolver, for forms that keep what was typed as text: `toInput`
 * turns the form values into what the schema (and the server) reads, e.g. '12,5' into 12.5.
 */
export function formResolver<V extends FieldValues, S extends z.ZodType>(schema: S, toInput: (values: V) => unknown): Resolver<V, unknown, z.output<S>> {
  const resolve = zodResolver(schema as never) as unknown as Resolver<FieldValues, unknown, z.output<S>>;
  return (values, context, options) => resolve(toInput(values) as FieldValues, context, options as never) as ReturnType<Resolver<V, unknown, z.output<S>>>;
}
