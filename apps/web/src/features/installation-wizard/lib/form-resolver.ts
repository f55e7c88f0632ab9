import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { loadOnce } from '@/lib/load-once';
import { nextTask } from '@/lib/next-task';

/**
 * A form resolver whose schema loads on first use, so a tab shows without the schema library.
 * `preload` fetches it ahead (useStepForm calls it right after the tab has painted), so a first blur
 * does not wait on the network and it is there offline too.
 */
export type FormResolver<V extends FieldValues, O> = Resolver<V, unknown, O> & { preload: () => void };

/**
 * zod with the domain's shared schemas, zod's resolver and then the form's own schema, each evaluated
 * in a task of its own. The first schemas a page builds run zod's code for the first time: on a slow phone
 * one module of them holds the main thread for tens of milliseconds, and the tab they validate has
 * already painted and may be tapped.
 */
async function loadInSteps<S>(loadSchema: () => Promise<S>) {
  await import('@portal/domain/ids');
  await nextTask();
  const resolvers = await import('@hookform/resolvers/zod');
  await nextTask();
  return [await loadSchema(), resolvers] as const;
}

/**
 * The domain's zod schema as a form resolver, for forms that keep what was typed as text: `toInput`
 * turns the form values into what the schema (and the server) reads, e.g. '12,5' into 12.5.
 * `loadSchema` imports the schema's module, e.g. `() => import('@portal/domain/vehicle').then((m) => m.VehicleInputSchema)`;
 * it loads with zod's resolver on first use (see FormResolver).
 */
export function formResolver<V extends FieldValues, S extends z.ZodType>(loadSchema: () => Promise<S>, toInput: (values: V) => unknown): FormResolver<V, z.output<S>> {
  type Resolve = Resolver<FieldValues, unknown, z.output<S>>;
  const resolver = loadOnce(async () => {
    const [schema, { zodResolver }] = await loadInSteps(loadSchema);
    return zodResolver(schema as never) as unknown as Resolve;
  });
  const resolve: Resolver<V, unknown, z.output<S>> = async (values, context, options) =>
    (await resolver.get())(toInput(values) as FieldValues, context, options as never) as Awaited<ReturnType<Resolver<V, unknown, z.output<S>>>>;
  return Object.assign(resolve, { preload: resolver.preload });
}
