import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** Long enough to read a sentence that needs action. */
const ERROR_TOAST_MS = 8000;

/** A toast (success: the frame's default duration) whose close button says what it does. */
export function notify(t: TFunction, message: string, { isError = false }: { isError?: boolean } = {}): void {
  notifications.show({
    color: isError ? 'red' : 'green',
    message,
    withBorder: true,
    autoClose: isError ? ERROR_TOAST_MS : undefined,
    closeButtonProps: { 'aria-label': t('admin.closeNotification') },
  });
}
