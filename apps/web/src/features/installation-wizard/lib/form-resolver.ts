import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadOnce } from '@/lib/load-once';

/**
 * A form resolver whose schema loads on first use, so a tab shows without the schema library.
 * `preload` fetches it ahead (useStepForm calls it right after the tab has painted), so a first blur
 * does not wait on the network and it is there offline too.
 */
export type FormResolver<V extends FieldValues, O> = Resolver<V, unknown, O> & { preload: () => void };

/**
 * The domain's zod schema as a form resolver, for forms that keep what was typed as text: `toInput`
 * turns the form values into what the schema (and the server) reads, e.g. '12,5' into 12.5.
 * `loadSchema` imports the schema's module, e.g. `() => import('@portal/domain/vehicle').then((m) => m.VehicleInputSchema)`;
 * it loads with zod's resolver on first use (see FormResolver).
 */
export function formResolver<V extends FieldValues, S extends z.ZodType>(loadSchema: () => Promise<S>, toInput: (values: V) => unknown): FormResolver<V, z.output<S>> {
  type Resolve = Resolver<FieldValues, unknown, z.output<S>>;
  const resolver = loadOnce(() =>
    Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolve),
  );
  const resolve: Resolver<V, unknown, z.output<S>> = async (values, context, options) =>
    (await resolver.get())(toInput(values) as FieldValues, context, options as never) as Awaited<ReturnType<Resolver<V, unknown, z.output<S>>>>;
  return Object.assign(resolve, { preload: resolver.preload });
}
