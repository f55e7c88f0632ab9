import { Alert, List, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { ImportProblemCode, ImportReport } from '@portal/domain/registry';
import classes from './import-dialog.module.css';

type ImportReportViewProps = {
  report: ImportReport;
  /** The real import was refused (422): the same report, but after the user pressed Import. */
  isRefused?: boolean;
};

type RowError = ImportReport['errors'][number];

/** Counts of the check and every problem with its line number. */
export function ImportReportView({ report, isRefused = false }: ImportReportViewProps) {
  const { t, i18n } = useTranslation();
  // The server names each problem by a code with its values; a code this app does not know yet keeps the server's sentence.
  const describe = (error: RowError) => {
    const key = `admin.import.problem.${error.code as ImportProblemCode}` as const;
    return i18n.exists(key) ? String(t(key, { ...error.params })) : error.message;
  };
  const stats = [
    { label: t('admin.import.rows'), value: report.rows, testId: 'import-rows' },
    { label: t('admin.import.systems'), value: report.systems, testId: 'import-systems' },
    { label: t('admin.import.controllers'), value: report.controllers, testId: 'import-controllers' },
  ];
  const hasErrors = report.errors.length > 0;

  return (
    <Stack gap="sm" component="section" aria-label={t('admin.import.reportLabel')} data-testid="import-report">
      <SimpleGrid cols={3} spacing="sm">
        {stats.map((stat) => (
          <Paper key={stat.testId} withBorder radius="md" px={{ base: 'xs', sm: 'md' }} py="xs">
            <Text size="sm" c="dimmed">
              {stat.label}
            </Text>
            <Text fw={700} size="xl" data-testid={stat.testId}>
              {stat.value}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      {hasErrors ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" title={isRefused ? t('admin.import.rejected') : undefined}>
          <Stack gap="xs">
            <Text size="sm">{t('admin.import.problems', { count: report.errors.length })}</Text>
            <List spacing={4} size="sm" className={classes.errors} data-testid="import-errors">
              {report.errors.map((error, index) => (
                <List.Item key={`${error.line}-${index}`} data-testid="import-error" data-line={error.line}>
                  <Text span fw={700} size="sm" className={classes.line}>
                    {t('admin.import.line', { line: error.line })}:
                  </Text>{' '}
                  {describe(error)}
                </List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      ) : (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="import-ok">
          {t('admin.import.ok', { added: report.added, updated: report.updated, unchanged: report.unchanged })}
        </Alert>
      )}
    </Stack>
  );
}
