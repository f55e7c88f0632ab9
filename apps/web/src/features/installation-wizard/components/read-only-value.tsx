import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';

/** A value the installer reads but cannot change (registry data). */
export function ReadOnlyValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="lg" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export type ReadOnlyEntry = { label: string; value: ReactNode; testId?: string };

/** Several read-only values in a row, e.g. what identifies one device. */
export function ReadOnlyValues({ values }: { values: ReadOnlyEntry[] }) {
  return values.map((v) => <ReadOnlyValue key={v.label} label={v.label} value={v.value} testId={v.testId} />);
}

/** The hardware and firmware version of a charge controller, as the registry has them. */
export function ControllerVersions({ controller }: { controller: { hardwareVersion: string; firmwareVersion: string } }) {
  const { t } = useTranslation();
  return (
    <>
      <ReadOnlyValue label={t('wizard.labels.hardwareVersion')} value={controller.hardwareVersion} />
      <ReadOnlyValue label={t('wizard.labels.firmwareVersion')} value={controller.firmwareVersion} />
    </>
  );
}
