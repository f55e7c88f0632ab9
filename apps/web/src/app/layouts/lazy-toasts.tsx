import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Toasts = lazy(() => import('./toasts').then((m) => ({ default: m.Toasts })));

/**
 * The toast container and its styles load with the first toast, not with the page: most screens
 * open without one. A toast shown meanwhile waits in the store and appears once they are there.
 */
export function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  );
}
