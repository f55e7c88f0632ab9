import { Group, Loader, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { SystemCheckStatus } from '@portal/domain/system-check';
import { SUCCESS_TEXT_COLOR } from '@/lib/contrast-colors';

/** A check's result in words with an icon (never colour alone); a loader while it waits. */
export function CheckResult({ status, testId }: { status: SystemCheckStatus; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={8} wrap="nowrap" data-testid={testId} data-status={status}>
      {status === 'pending' && <Loader size={20} aria-hidden />}
      {status === 'success' && <IconCircleCheck size={24} color={SUCCESS_TEXT_COLOR} aria-hidden />}
      {status === 'failed' && <IconCircleX size={24} color="var(--mantine-color-red-9)" aria-hidden />}
      <Text fw={600} c={status === 'success' ? SUCCESS_TEXT_COLOR : status === 'failed' ? 'red.9' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {t(`wizard.digitalCheck.result.${status}`)}
      </Text>
    </Group>
  );
}
