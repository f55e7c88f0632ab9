import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';

/** A success toast (the frame's default duration) whose close button says what it does. */
export function notifySuccess(t: TFunction, message: string): void {
  notifications.show({ color: 'green', message, withBorder: true, closeButtonProps: { 'aria-label': t('operator.closeNotification') } });
}
