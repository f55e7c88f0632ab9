import type { ReactNode } from 'react';
import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { SystemCheck } from '@portal/domain/system-check';
import { CheckResult } from './check-result';
import { CheckVerifyBox } from './check-verify-box';
import { ReadOnlyValues } from './read-only-value';
import { ScrollTable } from './scroll-table';

export type CheckListRow = {
  check: SystemCheck;
  /** e.g. 'Telematics unit TCU-4G v3' */
  device: string;
  /** What identifies the device, by column. */
  values: { label: string; value: ReactNode; testId: string }[];
};

export type CheckVerification = {
  isVerified: (check: SystemCheck) => boolean;
  onChange: (check: SystemCheck, isVerified: boolean) => void;
  errorFor: (check: SystemCheck) => string | undefined;
};

type CheckListProps = {
  title: string;
  /** What the installer can do for these checks, under the title. */
  description?: string;
  rows: CheckListRow[];
  /** Cards instead of a table on phones. */
  isNarrow: boolean;
  /** Absent once the installation is completed. */
  verification: CheckVerification | null;
  testId: string;
};

/** The checks of one kind: a table on wide screens, one card per device on narrow ones. */
export function CheckList({ title, description, rows, isNarrow, verification, testId }: CheckListProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const columns = [
    t('wizard.digitalCheck.columns.device'),
    ...rows[0]!.values.map((v) => v.label),
    t('wizard.digitalCheck.columns.result'),
    ...(verification ? [t('wizard.digitalCheck.columns.verified')] : []),
  ];

  const verifyBox = (row: CheckListRow, isCompact: boolean) =>
    verification && (
      <CheckVerifyBox
        checked={verification.isVerified(row.check)}
        onChange={(checked) => verification.onChange(row.check, checked)}
        device={row.device}
        disabled={row.check.status === 'pending'}
        error={verification.errorFor(row.check)}
        isCompact={isCompact}
        testId={`check-verify-${row.check.id}`}
      />
    );

  return (
    <section data-testid={testId}>
      <Title order={3} size="h4" mb={description ? 4 : 'sm'}>
        {title}
      </Title>
      {description && (
        <Text size="sm" mb="sm" data-testid={`${testId}-hint`}>
          {description}
        </Text>
      )}
      {isNarrow ? (
        <Stack gap="sm">
          {rows.map((row) => (
            <Paper key={row.check.id} withBorder radius="md" p="md" data-testid="check-row" data-check-id={row.check.id} data-type={row.check.type}>
              <Stack gap="sm">
                <Text fw={600}>{row.device}</Text>
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <ReadOnlyValues values={row.values} />
                </SimpleGrid>
                <CheckResult status={row.check.status} testId="check-result" />
                {verifyBox(row, false)}
              </Stack>
            </Paper>
          ))}
        </Stack>
      ) : (
        <ScrollTable minWidth={720} headers={columns}>
          {rows.map((row) => (
            <Table.Tr key={row.check.id} data-testid="check-row" data-check-id={row.check.id} data-type={row.check.type}>
              <Table.Td>{row.device}</Table.Td>
              {row.values.map((v) => (
                <Table.Td key={v.label} data-testid={v.testId} style={{ whiteSpace: 'nowrap' }}>
                  {v.value}
                </Table.Td>
              ))}
              <Table.Td>
                <CheckResult status={row.check.status} testId="check-result" />
              </Table.Td>
              {verification && <Table.Td>{verifyBox(row, true)}</Table.Td>}
            </Table.Tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}
