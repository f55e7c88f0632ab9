import { useRef, useState } from 'react';
import { Alert, Anchor, Button, CloseButton, FileInput, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileTypeCsv } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { ImportReport } from '@portal/domain/registry';
import { reportOfRefusedImport, useImportRegistry } from '../api/import-registry';
import { notify } from '@/lib/notify';
import { downloadExampleCsv } from './csv-format-help';
import { ImportReportView } from './import-report';

type ImportDialogProps = {
  fleet: string;
  opened: boolean;
  onClose: () => void;
  /** The report of an import that went through: the registry says what it did. */
  onImported?: (report: ImportReport) => void;
  /** Phones get the whole screen: the report can be long. */
  fullScreen: boolean;
};

type Problem = 'wrongType' | 'readFailed' | 'notUtf8' | 'emptyFile' | 'checkFailed' | 'importFailed';

const PROBLEM_KEYS = {
  wrongType: 'admin.import.wrongType',
  readFailed: 'admin.import.readFailed',
  notUtf8: 'admin.import.notUtf8',
  emptyFile: 'admin.import.emptyFile',
  checkFailed: 'admin.import.checkFailed',
  importFailed: 'admin.import.importFailed',
} as const satisfies Record<Problem, string>;

/** By name first: Windows reports .csv files as application/vnd.ms-excel, like real Excel files. */
function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name) || file.type === 'text/csv';
}

/** The server reads UTF-8; a file saved in another encoding would lose its special characters. */
async function readUtf8(file: File): Promise<string | 'notUtf8'> {
  const bytes = await file.arrayBuffer();
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'notUtf8';
  }
}

/**
 * Choose a file, and it is checked at once (a dry run on the server); Import is offered only for a
 * file without problems and takes all of its systems or none.
 * Mount it afresh for every opening (a new `key`), so it never shows the previous file.
 */
export function ImportDialog({ fleet, opened, onClose, onImported, fullScreen }: ImportDialogProps) {
  const { t } = useTranslation();
  const importer = useImportRegistry(fleet);
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [isRefused, setIsRefused] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [isReading, setIsReading] = useState(false);
  // Only the newest file's results may land: a slow check of an older one is dropped.
  const fileRun = useRef(0);

  const isChecking = isReading || (importer.isPending && importer.variables?.dryRun === true);
  const isImporting = importer.isPending && importer.variables?.dryRun === false;
  const canImport = csv !== null && report !== null && report.errors.length === 0 && report.systems > 0 && !isRefused && !importer.isPending;

  const onFileChange = async (chosen: File | null) => {
    const run = ++fileRun.current;
    setFile(chosen);
    setCsv(null);
    setReport(null);
    setIsRefused(false);
    setProblem(null);
    setIsReading(false);
    importer.reset();
    if (!chosen) return;
    if (!isCsvFile(chosen)) {
      setProblem('wrongType');
      return;
    }
    setIsReading(true);
    let text: string | 'notUtf8' | null;
    try {
      text = await readUtf8(chosen);
    } catch {
      text = null;
    }
    if (run !== fileRun.current) return;
    setIsReading(false);
    if (text === null || text === 'notUtf8') {
      setProblem(text ?? 'readFailed');
      return;
    }
    if (text.replace(/^\uFEFF/, '').trim() === '') {
      setProblem('emptyFile');
      return;
    }
    setCsv(text);
    importer.mutate(
      { csv: text, dryRun: true },
      {
        onSuccess: (result) => {
          if (run === fileRun.current) setReport(result);
        },
        onError: (error) => {
          if (run !== fileRun.current) return;
          const refused = reportOfRefusedImport(error);
          if (refused) setReport(refused);
          else setProblem('checkFailed');
        },
      },
    );
  };

  const onImport = () => {
    if (!csv) return;
    setProblem(null);
    importer.mutate(
      { csv, dryRun: false },
      {
        onSuccess: (result) => {
          notify(t, { message: t('admin.import.done', { added: result.added, updated: result.updated, unchanged: result.unchanged }) });
          onImported?.(result);
          onClose();
        },
        onError: (error) => {
          const refused = reportOfRefusedImport(error);
          if (refused) {
            setReport(refused);
            setIsRefused(true);
          } else {
            setProblem('importFailed');
          }
        },
      },
    );
  };

  const close = () => {
    if (!isImporting) onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('admin.import.title')}
      size="xl"
      fullScreen={fullScreen}
      centered={!fullScreen}
      closeButtonProps={{ size: 'xl', 'aria-label': t('admin.import.close') }}
      attributes={{ content: { 'data-testid': 'import-dialog' } }}
    >
      <Stack gap="md">
        <Text>{t('admin.import.intro')}</Text>
        <Text size="sm" c="dimmed">
          {t('admin.import.formatHint')}{' '}
          <Anchor component="button" type="button" size="sm" onClick={downloadExampleCsv}>
            {t('admin.csv.example')}
          </Anchor>
        </Text>
        <FileInput
          label={t('admin.import.file')}
          placeholder={t('admin.import.filePlaceholder')}
          accept=".csv,text/csv"
          value={file}
          onChange={(chosen) => void onFileChange(chosen)}
          rightSection={file && !isImporting ? <CloseButton size="xl" onClick={() => void onFileChange(null)} aria-label={t('admin.import.clearFile')} /> : null}
          size="lg"
          leftSection={<IconFileTypeCsv aria-hidden />}
          disabled={isImporting}
          data-testid="import-file"
        />
        {isChecking && (
          <Group gap="sm" role="status" aria-live="polite" data-testid="import-checking">
            <Loader size="sm" aria-hidden />
            <Text>{t('admin.import.checking')}</Text>
          </Group>
        )}
        {problem && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="import-problem">
            {t(PROBLEM_KEYS[problem])}
          </Alert>
        )}
        {report && !isChecking && <ImportReportView report={report} isRefused={isRefused} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={isImporting}>
            {t('admin.import.cancel')}
          </Button>
          <Button onClick={onImport} disabled={!canImport} loading={isImporting} data-testid="import-submit">
            {t('admin.import.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
