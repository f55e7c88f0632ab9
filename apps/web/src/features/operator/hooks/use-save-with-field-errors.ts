import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { serverFieldErrors } from '../lib/operator-errors';

type SetFieldError<F extends string> = (field: F, error: { type: string; message: string }, options: { shouldFocus: boolean }) => void;

type SaveWithFieldErrorsOptions<F extends string, TInput, TSaved> = {
  save: UseMutationResult<TSaved, Error, { id: number | null; input: TInput }>;
  /** The record to change; null creates one. */
  id: number | null;
  fields: readonly F[];
  setError: SetFieldError<F>;
  onSaved: (saved: TSaved) => void;
};

/**
 * Saves a company or fleet form: a problem the server names at a field shows there (the first one
 * focused), any other failure as `hasFailed`.
 */
export function useSaveWithFieldErrors<F extends string, TInput, TSaved>({ save, id, fields, setError, onSaved }: SaveWithFieldErrorsOptions<F, TInput, TSaved>) {
  const [hasFailed, setHasFailed] = useState(false);
  const submit = (input: TInput) => {
    setHasFailed(false);
    save.mutate(
      { id, input },
      {
        onSuccess: onSaved,
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, fields);
          if (fieldErrors.length === 0) setHasFailed(true);
          fieldErrors.forEach(({ field, message }, index) => setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
        },
      },
    );
  };
  return { hasFailed, submit };
}
