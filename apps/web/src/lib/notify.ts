import { notifications } from '@mantine/notifications';
import type { TFunction } from '@/lib/i18n';

/** Long enough to read a sentence that needs action. */
export const ERROR_TOAST_MS = 8000;

const COLORS = { success: 'green', error: 'red', info: 'blue', warning: 'orange' } as const;

export type Toast = {
  message: string;
  title?: string;
  tone?: keyof typeof COLORS;
  /** A toast with an id replaces the one shown under the same id instead of stacking. */
  id?: string;
  /** Default: the frame's duration for success, ERROR_TOAST_MS for everything that needs reading; false: until closed. */
  autoClose?: number | false;
};

/** Every toast of the portal: its colour says what it is, and its close button says what it does. */
export function notify(t: TFunction, { message, title, tone = 'success', id, autoClose }: Toast): void {
  notifications.show({
    id,
    title,
    message,
    color: COLORS[tone],
    withBorder: true,
    autoClose: autoClose ?? (tone === 'success' ? undefined : ERROR_TOAST_MS),
    closeButtonProps: { 'aria-label': t('common.closeNotification') },
  });
}
