import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';

/** A form checked by a domain schema on submit: its fields are the schema's input, the submit handler gets its output. */
export function useZodForm<TInput extends FieldValues, TOutput extends FieldValues>(schema: z.ZodType<TOutput, TInput>, defaultValues: DefaultValues<TInput>) {
  return useForm<TInput, unknown, TOutput>({ resolver: zodResolver(schema), defaultValues });
}
