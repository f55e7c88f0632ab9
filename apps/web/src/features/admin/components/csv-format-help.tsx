import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { REGISTRY_CSV_COLUMNS } from '@portal/domain/registry';
import { EXAMPLE_FILE_NAME, exampleRegistryCsv, ONCE_PER_SYSTEM_COLUMNS, OPTIONAL_COLUMNS, type RegistryCsvColumn } from '../lib/registry-csv';
import { saveTextFile } from '@/lib/save-file';
import classes from './registry.module.css';

export function downloadExampleCsv(): void {
  saveTextFile(EXAMPLE_FILE_NAME, exampleRegistryCsv());
}

/** What the import reads, column by column, with an example file to start from. */
export function CsvFormatHelp({ isNarrow }: { isNarrow: boolean }) {
  const { t } = useTranslation();
  /** Whether a column may be left empty: always, or on all but one row of a system. */
  const badge = (column: RegistryCsvColumn) =>
    OPTIONAL_COLUMNS.includes(column) ? (
      <Badge variant="light" color="gray" size="sm" tt="none">
        {t('admin.csv.optional')}
      </Badge>
    ) : ONCE_PER_SYSTEM_COLUMNS.includes(column) ? (
      <Badge variant="light" color="blue" size="sm" tt="none" data-testid="csv-once-per-system">
        {t('admin.csv.oncePerSystem')}
      </Badge>
    ) : null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="csv-format-title" data-testid="csv-format">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Title order={2} size="h3" id="csv-format-title">
            {t('admin.csv.title')}
          </Title>
          <Button variant="light" leftSection={<IconDownload aria-hidden />} onClick={downloadExampleCsv} fullWidth={isNarrow} data-testid="csv-example">
            {t('admin.csv.example')}
          </Button>
        </Group>
        <Text maw={820}>{t('admin.csv.intro')}</Text>
        {isNarrow ? (
          <Stack component="dl" gap="sm" m={0}>
            {REGISTRY_CSV_COLUMNS.map((column) => (
              <div key={column} className={classes.column}>
                <Group component="dt" gap="xs">
                  <Code fz="sm">{column}</Code>
                  {badge(column)}
                </Group>
                <Text component="dd" size="sm" m={0} mt={4}>
                  {t(`admin.csv.columns.${column}`)}
                </Text>
              </div>
            ))}
          </Stack>
        ) : (
          <Table verticalSpacing="xs" withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('admin.csv.column')}</Table.Th>
                <Table.Th>{t('admin.csv.meaning')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {REGISTRY_CSV_COLUMNS.map((column) => (
                <Table.Tr key={column}>
                  <Table.Td valign="top">
                    <Stack gap={4} align="flex-start">
                      <Code fz="sm">{column}</Code>
                      {badge(column)}
                    </Stack>
                  </Table.Td>
                  <Table.Td>{t(`admin.csv.columns.${column}`)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
