import { lazy, Suspense } from 'react';
import { useErrorStore } from '@/lib/error-store';

// Most visits never fail: load the modal only when there is something to show.
const ErrorModal = lazy(() => import('./error-modal').then((m) => ({ default: m.ErrorModal })));

/** Shows the last unexpected error of any call until the user confirms it. */
export function ErrorModalHost() {
  const error = useErrorStore((state) => state.error);
  const clearError = useErrorStore((state) => state.clearError);
  if (!error) return null;
  return (
    <Suspense fallback={null}>
      <ErrorModal error={error} onClose={clearError} />
    </Suspense>
  );
}
