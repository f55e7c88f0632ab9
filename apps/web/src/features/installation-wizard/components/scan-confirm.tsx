import { Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { isScanMatch, type ScanField } from '@portal/domain/scan';
import { SUCCESS_TEXT_COLOR } from '@/lib/contrast-colors';
import { ScanButton } from './scan-button';

/** What scanning a registry value's label found: the same value, or another one. */
export type ScanCheck = { isMatch: true } | { isMatch: false; scanned: string };

type ScanConfirmProps = {
  field: ScanField;
  label: string;
  expected: string;
  check: ScanCheck | undefined;
  onScan: (value: string) => void;
  isReadOnly: boolean;
  testId: string;
  valueTestId?: string;
};

/** A registry value with a camera button that confirms it against the device's label. */
export function ScanConfirm({ field, label, expected, check, onScan, isReadOnly, testId, valueTestId }: ScanConfirmProps) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} miw={0} data-testid={testId} data-scan={check ? (check.isMatch ? 'match' : 'mismatch') : 'none'}>
      <Group gap="xs" wrap="nowrap" align="center" justify="space-between">
        <Stack gap={2} miw={0}>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          <Text size="lg" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={valueTestId ?? `${testId}-value`}>
            {expected}
          </Text>
        </Stack>
        {!isReadOnly && <ScanButton field={field} label={label} onScan={onScan} prefer={(value) => isScanMatch(field, value, expected)} testId={`${testId}-scan`} />}
      </Group>
      {check?.isMatch && (
        <Group gap={6} wrap="nowrap" align="flex-start" data-testid={`${testId}-confirmed`}>
          <IconCircleCheck size={20} color={SUCCESS_TEXT_COLOR} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fw={700} c={SUCCESS_TEXT_COLOR}>
            {t('wizard.scanner.confirmed')}
          </Text>
        </Group>
      )}
      {check && !check.isMatch && (
        <Text size="sm" c="red.9" role="alert" data-testid={`${testId}-mismatch`}>
          {t('wizard.scanner.mismatch', { value: check.scanned, expected })}
        </Text>
      )}
    </Stack>
  );
}
