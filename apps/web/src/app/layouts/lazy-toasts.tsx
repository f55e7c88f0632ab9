import { useNotifications } from '@mantine/notifications';
import { deferredPart } from '@/lib/deferred-part';
import { useOnceTrue } from '@/lib/use-once-true';

/**
 * The toast container and its styles load with the first toast (or right after the page has been
 * painted), not with the page: most screens open without one. A toast shown meanwhile waits in the store and
 * appears once they are there.
 */
export const toasts = deferredPart(() => import('./toasts').then((m) => m.Toasts));
const Toasts = toasts.Component;

export function LazyToasts() {
  const { notifications, queue } = useNotifications();
  const isNeeded = useOnceTrue(notifications.length + queue.length > 0);
  return isNeeded ? <Toasts /> : null;
}
