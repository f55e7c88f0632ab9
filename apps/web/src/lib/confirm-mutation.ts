import type { UseMutationResult } from '@tanstack/react-query';

type ConfirmMutationOptions<TData> = {
  onClose: () => void;
  /** After the change has been made, just before the dialog closes (e.g. a notice). */
  onDone: (data: TData) => void;
  /** Why the last try failed, in words. */
  errorText: (error: Error) => string;
  /** Whether another try can help after this failure (not when the item is gone meanwhile, say). */
  canRetry: (error: Error) => boolean;
};

/**
 * What a ConfirmDialog needs to run one change on one item: confirming runs it and closes the dialog once it is done,
 * a failure is said in the dialog, and closing forgets it. Without an item (the dialog is closing), confirming does nothing.
 */
export function confirmMutationProps<TData>(
  mutation: Pick<UseMutationResult<TData, Error, number>, 'mutate' | 'reset' | 'error' | 'isPending'>,
  id: number | undefined,
  { onClose, onDone, errorText, canRetry }: ConfirmMutationOptions<TData>,
) {
  const close = () => {
    mutation.reset();
    onClose();
  };
  const { error } = mutation;
  return {
    errorText: error ? errorText(error) : null,
    isPending: mutation.isPending,
    canConfirm: !error || canRetry(error),
    onConfirm: () => {
      if (id === undefined) return;
      mutation.mutate(id, {
        onSuccess: (data) => {
          onDone(data);
          close();
        },
      });
    },
    onClose: close,
  };
}
