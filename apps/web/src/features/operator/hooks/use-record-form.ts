import { useState } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import type { DefaultValues, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { z } from 'zod';
import { notify } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import type { SaveVariables } from '../api/save-operator-record';
import { serverFieldErrors } from '../lib/operator-errors';

type RecordFormOptions<TInput extends FieldValues, TOutput extends FieldValues, TSaved> = {
  schema: z.ZodType<TOutput, TInput>;
  defaultValues: DefaultValues<TInput>;
  save: UseMutationResult<TSaved, Error, SaveVariables<TOutput>>;
  /** The record to change; null creates one. */
  id: number | null;
  fields: readonly Path<TInput>[];
  label: (field: Path<TInput>) => string;
  /** The sentence for a field's problem (a message key of the domain or the server). */
  errorText: (field: Path<TInput>, message: string | undefined) => string | undefined;
  /** What the notification says once saved; then the dialog closes. */
  savedText: (saved: TSaved) => string;
  onClose: () => void;
};

/**
 * The form of a company or fleet dialog: every field is required and checked by the domain's
 * schema; a problem the server names at a field shows there (the first one focused), any other
 * failure above the buttons. `field(name)` gives a text input's props, `modal` the dialog's.
 */
export function useRecordForm<TInput extends FieldValues, TOutput extends FieldValues, TSaved>({
  schema,
  defaultValues,
  save,
  id,
  fields,
  label,
  errorText,
  savedText,
  onClose,
}: RecordFormOptions<TInput, TOutput, TSaved>) {
  const { t } = useTranslation();
  const [hasFailed, setHasFailed] = useState(false);
  const form = useZodForm(schema, defaultValues);

  const submit = (input: TOutput) => {
    setHasFailed(false);
    save.mutate(
      { id, input },
      {
        onSuccess: (saved) => {
          notify(t, { message: savedText(saved) });
          onClose();
        },
        onError: (error) => {
          const fieldErrors = serverFieldErrors(error, fields);
          if (fieldErrors.length === 0) setHasFailed(true);
          fieldErrors.forEach(({ field, message }, index) => form.setError(field, { type: 'server', message }, { shouldFocus: index === 0 }));
        },
      },
    );
  };

  const field = (name: Path<TInput>) => ({
    ...form.register(name),
    label: label(name),
    required: true,
    error: errorText(name, form.getFieldState(name, form.formState).error?.message),
  });

  const modal = { isSaving: save.isPending, problem: hasFailed ? t('operator.errors.saveFailed') : null, onSubmit: form.handleSubmit(submit) };

  return { field, modal };
}
