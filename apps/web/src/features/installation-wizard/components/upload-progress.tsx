import { Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { SIZE_MB_FRACTION_DIGITS } from '@portal/domain/upload-rules';
import { formatNumber } from '@/lib/format-number';
import { remainingSeconds } from '../lib/upload-rate';
import { useUploadQueueStore } from '../stores/upload-queue-store';

const MB = 1024 * 1024;

/** '45 seconds', '3 minutes', '2 hours' as the language writes it: rounded up, never '0 seconds'. */
export function formatTimeLeft(seconds: number, locale: string): string {
  const [value, unit] = seconds < 60 ? [Math.max(Math.ceil(seconds), 1), 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour'];
  return formatNumber(value, locale, { style: 'unit', unit, unitDisplay: 'long' });
}

type UploadProgressProps = {
  /** What the bar is about, for the screen reader ('roof.jpg'). */
  name: string;
  sentBytes: number;
  totalBytes: number;
  /** The measured speed; the time left shows once it is known. */
  bytesPerSecond: number | null;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
};

/** How far a file (or a set of files) has gone, in bytes: a bar, '0.21 of 0.43 MB' and, once the speed is known, the time left. */
export function UploadProgress({ name, sentBytes, totalBytes, bytesPerSecond, size = 'md', testId = 'upload-progress' }: UploadProgressProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const sent = Math.min(Math.max(sentBytes, 0), totalBytes);
  const percent = totalBytes > 0 ? Math.floor((sent / totalBytes) * 100) : 0;
  const mb = (bytes: number) => formatNumber(bytes / MB, locale, { minimumFractionDigits: SIZE_MB_FRACTION_DIGITS, maximumFractionDigits: SIZE_MB_FRACTION_DIGITS });
  const seconds = remainingSeconds(totalBytes - sent, bytesPerSecond);
  const text = [
    t('wizard.uploads.progress.bytes', { sent: mb(sent), total: mb(totalBytes) }),
    ...(seconds !== null && sent < totalBytes ? [t('wizard.uploads.progress.timeLeft', { time: formatTimeLeft(seconds, locale) })] : []),
  ].join(' · ');
  return (
    <Stack gap={4} data-testid={testId} data-sent={sent} data-total={totalBytes}>
      <Progress value={percent} size={size} aria-label={t('wizard.uploads.progress.label', { name, percent })} />
      <Text size="xs" c="dimmed" data-testid={`${testId}-text`}>
        {text}
      </Text>
    </Stack>
  );
}

/** The bytes of the file `fileKey` while the upload queue sends it; nothing while another file goes. */
export function FileSendProgress({ fileKey, name, totalBytes }: { fileKey: string; name: string; totalBytes: number }) {
  const isSending = useUploadQueueStore((state) => state.sendingKey === fileKey);
  const sentBytes = useUploadQueueStore((state) => (state.sendingKey === fileKey ? state.sentBytes : 0));
  const bytesPerSecond = useUploadQueueStore((state) => state.bytesPerSecond);
  if (!isSending) return null;
  return <UploadProgress name={name} sentBytes={sentBytes} totalBytes={totalBytes} bytesPerSecond={bytesPerSecond} size="sm" />;
}

/**
 * The files that wait in the upload queue, together: how many, their bytes sent and the time left
 * for all of them. Shown while one of them is on its way.
 */
export function QueueProgress({ files }: { files: readonly { key: string; name: string; size: number }[] }) {
  const { t } = useTranslation();
  const sendingKey = useUploadQueueStore((state) => state.sendingKey);
  const sentBytes = useUploadQueueStore((state) => state.sentBytes);
  const bytesPerSecond = useUploadQueueStore((state) => state.bytesPerSecond);
  if (!files.some((file) => file.key === sendingKey)) return null;
  const title = t('wizard.uploads.progress.overall', { count: files.length });
  return (
    <Stack gap={4} aria-live="polite" data-testid="queue-progress">
      <Text size="sm" fw={600}>
        {title}
      </Text>
      <UploadProgress name={title} sentBytes={sentBytes} totalBytes={files.reduce((sum, file) => sum + file.size, 0)} bytesPerSecond={bytesPerSecond} size="lg" testId="queue-progress-bar" />
    </Stack>
  );
}
