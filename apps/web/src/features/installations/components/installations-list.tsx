import { useEffect, useId, useState } from 'react';
import { Box, Group, Input, SegmentedControl, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { INSTALLATION_SORTS, type InstallationSort, type SortOrder } from '@portal/domain/installation-list';
import { ListPager } from '@/components/ui/list-pager';
import { LoadError } from '@/components/ui/load-error';
import { SearchField } from '@/components/ui/search-field';
import { useInstallations } from '../api/get-installations';
import { MAX_SEARCH_LENGTH, PAGE_SIZES, useInstallationListParams } from '../hooks/use-installation-list-params';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useSearchText } from '@/lib/use-search-text';
import { InstallationFilters } from './installation-filters';
import { InstallationsView } from './installations-view';

const SORT_LABEL_KEYS = {
  name: 'solar.installations.columns.name',
  systemSerialNumber: 'solar.installations.columns.serialNumber',
  startDate: 'solar.installations.columns.startDate',
  status: 'solar.installations.columns.status',
  createdAt: 'solar.installations.columns.createdAt',
} as const satisfies Record<InstallationSort, string>;

/**
 * The installations screen: search, filters, sort, pages, exports. Everything is done by the server, one page at a time,
 * so the list stays quick with any number of installations.
 */
export function InstallationsList({ fleet }: { fleet: string }) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const [params, update] = useInstallationListParams();
  const pageSizeId = useId();
  const list = useInstallations(fleet, params);

  // The field answers every keystroke; the URL (and with it the request) follows once typing pauses.
  const search = useSearchText((q) => update({ q, page: 1 }, { replace: true }), params.q);
  const [syncedQ, setSyncedQ] = useState(params.q);
  if (params.q !== syncedQ) {
    // The URL changed underneath (back button, a link): show what it says.
    setSyncedQ(params.q);
    if (params.q !== search.searchText.trim()) search.setSearchText(params.q);
  }

  const onSort = (column: InstallationSort) => {
    // A new column starts ascending; the same column again flips the order.
    const order: SortOrder = params.sort === column && params.order === 'asc' ? 'desc' : 'asc';
    update({ sort: column, order, page: 1 });
  };

  const total = list.data?.total ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / params.pageSize));
  const isPageBeyondEnd = list.isSuccess && !list.isPlaceholderData && params.page > pageCount;
  useEffect(() => {
    // The last row of the last page was deleted, or the link names a page that no longer exists.
    if (isPageBeyondEnd) update({ page: pageCount }, { replace: true });
  }, [isPageBeyondEnd, pageCount, update]);

  const from = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const to = Math.min(total, params.page * params.pageSize);

  const emptyText = params.q
    ? t('solar.installations.noResults', { q: params.q })
    : params.status || params.from || params.to || params.failedChecks
      ? t('listFilters.noMatch')
      : params.mine
      ? t('solar.installations.filter.noneMine')
      : t('common.table.empty', { entity: t('solar.installations.entity') });

  const sortOptions = INSTALLATION_SORTS.flatMap((column) =>
    (['asc', 'desc'] as const).map((order) => ({
      value: `${column}:${order}`,
      label: t(order === 'asc' ? 'solar.installations.sort.ascending' : 'solar.installations.sort.descending', {
        column: t(SORT_LABEL_KEYS[column]),
      }),
    })),
  );

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap={isNarrow ? 'wrap' : 'nowrap'}>
        <SearchField search={search} texts="solar.installations.search" maxLength={MAX_SEARCH_LENGTH} isNarrow={isNarrow} width={{ min: 280, max: 560 }} testId="installations-search" />
        <Box w={isNarrow ? '100%' : undefined}>
          <Input.Label id={`${pageSizeId}-filter`} size="lg" display="block">
            {t('solar.installations.filter.label')}
          </Input.Label>
          <SegmentedControl
            aria-labelledby={`${pageSizeId}-filter`}
            data={[
              { value: 'all', label: t('solar.installations.filter.all') },
              { value: 'mine', label: t('solar.installations.filter.mine') },
            ]}
            value={params.mine ? 'mine' : 'all'}
            onChange={(value) => update({ mine: value === 'mine', page: 1 })}
            size="lg"
            fullWidth={isNarrow}
            data-testid="installations-filter"
          />
        </Box>
        {isNarrow && (
          <Select
            label={t('solar.installations.sort.label')}
            data={sortOptions}
            value={`${params.sort}:${params.order}`}
            onChange={(value) => {
              if (!value) return;
              const [sort, order] = value.split(':') as [InstallationSort, SortOrder];
              update({ sort, order, page: 1 });
            }}
            allowDeselect={false}
            w="100%"
            data-testid="installations-sort"
          />
        )}
      </Group>

      <InstallationFilters fleet={fleet} params={params} onChange={(patch) => update(patch)} isNarrow={isNarrow} />

      <VisuallyHidden role="status">{list.isPlaceholderData ? t('solar.installations.updating') : ''}</VisuallyHidden>

      {list.isError && !list.data ? (
        <LoadError onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
      ) : (
        <InstallationsView
          fleet={fleet}
          items={list.data?.items ?? []}
          isLoading={list.isPending}
          isUpdating={list.isPlaceholderData}
          skeletonRows={Math.min(params.pageSize, 10)}
          emptyText={emptyText}
          sorting={{ sort: params.sort, order: params.order, onSort }}
        />
      )}

      {list.data && total > 0 && (
        <ListPager
          range={t('solar.installations.pagination.range', { from, to, total })}
          rangeTestId="installations-range"
          extra={
            <Group gap="xs" wrap="nowrap">
              <Text component="label" htmlFor={pageSizeId} size="sm" style={{ whiteSpace: 'nowrap' }}>
                {t('solar.installations.pagination.pageSize')}
              </Text>
              <Select
                id={pageSizeId}
                data={PAGE_SIZES.map(String)}
                value={String(params.pageSize)}
                onChange={(value) => value && update({ pageSize: Number(value), page: 1 })}
                allowDeselect={false}
                w={96}
                size="lg"
                data-testid="installations-page-size"
              />
            </Group>
          }
          page={params.page}
          pageCount={pageCount}
          onPageChange={(page) => update({ page })}
          isNarrow={isNarrow}
          labels={{
            nav: t('solar.installations.pagination.label'),
            page: (page) => t('solar.installations.pagination.page', { page }),
            previous: t('solar.installations.pagination.previous'),
            next: t('solar.installations.pagination.next'),
          }}
        />
      )}
    </Stack>
  );
}
