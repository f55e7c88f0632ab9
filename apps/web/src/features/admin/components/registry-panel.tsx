import { useEffect, useState } from 'react';
import { Alert, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconUpload } from '@tabler/icons-react';
import type { ImportReport } from '@portal/domain/registry';
import { useTranslation } from '@/lib/i18n';
import { ListPager } from '@/components/ui/list-pager';
import { QueryContent } from '@/components/ui/load-error';
import { SearchField } from '@/components/ui/search-field';
import { isAccessLost } from '../api/admin-query-keys';
import { registryFileName, useExportRegistry } from '../api/export-registry';
import { useRegistry } from '../api/get-registry';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useSearchText } from '@/lib/use-search-text';
import { notify } from '@/lib/notify';
import { saveTextFile } from '@/lib/save-file';
import { AdminAccessDenied } from './admin-access-denied';
import { CsvFormatHelp } from './csv-format-help';
import { ImportDialog } from './import-dialog';
import { RegistryView } from './registry-view';

export const REGISTRY_PAGE_SIZE = 20;
const MAX_SEARCH_LENGTH = 64;

type RegistryPanelProps = { fleet: string; onRetryAccess: () => void };

/** The fleet's product registry: search, pages, CSV import with a dry run, CSV export. */
export function RegistryPanel({ fleet, onRetryAccess }: RegistryPanelProps) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  /** What the last import did, until dismissed. */
  const [lastImport, setLastImport] = useState<ImportReport | null>(null);
  const [importer, setImporter] = useState({ key: 0, opened: false });
  const list = useRegistry(fleet, { page, pageSize: REGISTRY_PAGE_SIZE, q });
  const exporter = useExportRegistry(fleet);

  const search = useSearchText((text) => {
    setQ(text);
    setPage(1);
  });

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / REGISTRY_PAGE_SIZE));
  const isPageBeyondEnd = list.isSuccess && !list.isPlaceholderData && page > pageCount;
  useEffect(() => {
    if (isPageBeyondEnd) setPage(pageCount);
  }, [isPageBeyondEnd, pageCount]);

  const onExport = () =>
    exporter.mutate(undefined, {
      onSuccess: (csv) => {
        const file = registryFileName(fleet);
        saveTextFile(file, csv);
        notify(t, { message: t('admin.registry.exported', { file }) });
      },
      onError: (error) => {
        if (!isAccessLost(error)) notify(t, { message: t('admin.registry.exportFailed'), tone: 'error' });
      },
    });

  const importButton = (
    <Button leftSection={<IconUpload aria-hidden />} onClick={() => setImporter((current) => ({ key: current.key + 1, opened: true }))} data-testid="registry-import">
      {t('admin.registry.import')}
    </Button>
  );
  const exportButton = (
    <Button variant="default" leftSection={<IconDownload aria-hidden />} onClick={onExport} loading={exporter.isPending} data-testid="registry-export">
      {t('admin.registry.export')}
    </Button>
  );

  if (isAccessLost(list.error)) return <AdminAccessDenied query={list} onRetryAccess={onRetryAccess} />;

  const from = total === 0 ? 0 : (page - 1) * REGISTRY_PAGE_SIZE + 1;
  const to = Math.min(total, page * REGISTRY_PAGE_SIZE);
  const emptyText = q ? t('admin.registry.noResults', { q }) : t('common.table.empty', { entity: t('admin.registry.entity') });

  return (
    <Stack gap="md">
      <Text maw={820}>{t('admin.registry.intro')}</Text>
      <Group gap="sm" align="flex-end" wrap={isNarrow ? 'wrap' : 'nowrap'}>
        <SearchField search={search} texts="admin.registry.search" maxLength={MAX_SEARCH_LENGTH} isNarrow={isNarrow} width={{ min: 260, max: 480 }} testId="registry-search" />
        {isNarrow ? (
          <Stack gap="sm" w="100%">
            {importButton}
            {exportButton}
          </Stack>
        ) : (
          <Group gap="sm" wrap="nowrap" ml="auto">
            {importButton}
            {exportButton}
          </Group>
        )}
      </Group>

      {lastImport && (
        <Alert color="green" variant="light" icon={<IconCircleCheck aria-hidden />} role="status" data-testid="registry-imported">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Text size="sm">{t('admin.import.done', { added: lastImport.added, updated: lastImport.updated, unchanged: lastImport.unchanged })}</Text>
            <CloseButton size="lg" onClick={() => setLastImport(null)} aria-label={t('admin.access.dismiss')} mt={-8} />
          </Group>
        </Alert>
      )}

      <QueryContent query={list}>
        <RegistryView
          systems={list.data?.items ?? []}
          isLoading={list.isPending}
          isUpdating={list.isPlaceholderData}
          isNarrow={isNarrow}
          emptyText={emptyText}
          skeletonRows={5}
        />
      </QueryContent>

      {list.data && total > 0 && (
        <ListPager
          range={t('admin.registry.pagination.range', { from, to, total })}
          rangeTestId="registry-range"
          page={page}
          pageCount={pageCount}
          onPageChange={setPage}
          isNarrow={isNarrow}
          labels={{
            nav: t('admin.registry.pagination.label'),
            page: (item) => t('admin.registry.pagination.page', { page: item }),
            previous: t('admin.registry.pagination.previous'),
            next: t('admin.registry.pagination.next'),
          }}
        />
      )}

      <CsvFormatHelp isNarrow={isNarrow} />

      <ImportDialog
        key={importer.key}
        fleet={fleet}
        opened={importer.opened}
        onClose={() => setImporter((current) => ({ ...current, opened: false }))}
        onImported={setLastImport}
        fullScreen={isNarrow}
      />
    </Stack>
  );
}
