import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Anchor, Button, Group, Paper, Progress, SegmentedControl, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { Link, useSearchParams } from 'react-router';
import { ROLLOUT_STATUSES, type Rollout, type RolloutStatus } from '@portal/domain/rollout';
import { LoadError } from '@/components/ui/load-error';
import { PageLoader } from '@/components/ui/page-loader';
import { TableScroll } from '@/components/ui/table-scroll';
import { formatDate } from '@/lib/format-date';
import { useFormatNumber } from '@/lib/format-number';
import { exportRollout, useRollout, type RolloutSource } from '../api/rollout-api';
import { parseRolloutParams, rolloutQuery, DEFAULT_ROLLOUT_PARAMS, type RolloutParams } from '../lib/rollout-params';
import { STATUS_FILLS, seriesFill } from '../lib/rollout-colors';
import type { ChartSeries } from './completions-chart';
import { Swatch } from './pattern';
import { RolloutSettingsPanel } from './rollout-settings';

const CompletionsChart = lazy(() => import('./completions-chart').then((m) => ({ default: m.CompletionsChart })));

type Props = {
  slug: string;
  source: RolloutSource;
  /** Fleet admins also get the settings and the weekly mail. */
  isAdmin: boolean;
};

/** The rollout page: counts per status, completions per day or week, tables by city and company, what needs attention. */
export function RolloutPage({ slug, source, isAdmin }: Props) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = parseRolloutParams(search);
  const rollout = useRollout(slug, source, params);
  // The filters last asked for, until the address shows them: a second tap before the page has
  // drawn the first one's address builds on it instead of dropping it.
  const asked = useRef<{ params: RolloutParams; query: string } | null>(null);
  // Once the address shows them, it is the truth again: filters it loses later (the menu's link to
  // this page clears them) are not brought back by the next tap.
  useEffect(() => {
    if (asked.current?.query === search.toString()) asked.current = null;
  }, [search]);
  const setParams = (next: Partial<RolloutParams>) => {
    const pending = asked.current && asked.current.query !== search.toString() ? asked.current.params : null;
    const merged = { ...(pending ?? params), ...next };
    const query = rolloutQuery(merged);
    asked.current = { params: merged, query: query.toString() };
    setSearch(query, { replace: true });
  };

  if (rollout.isPending) return <PageLoader />;
  if (rollout.isError) return <LoadError onRetry={() => void rollout.refetch()} isRetrying={rollout.isFetching} />;
  const r = rollout.data;
  const locale = i18n.language;

  return (
    <Stack gap="lg" data-testid="rollout-page" aria-busy={rollout.isFetching}>
      {r.readOnly && <Text c="dimmed">{t('rollout.readOnly')}</Text>}
      {r.scope === 'company' && <Text c="dimmed">{t('rollout.companyShare')}</Text>}
      <ProgressSummary rollout={r} />
      <StatusCounts rollout={r} onPick={(status) => setParams({ status: params.status === status ? '' : status })} active={params.status} />
      <Filters rollout={r} params={params} onChange={setParams} slug={slug} canExport={source === 'fleet'} />
      <CompletionsSection rollout={r} params={params} onInterval={(interval) => setParams({ interval })} locale={locale} />
      <GroupTable
        title={t('rollout.byCompany.title')}
        caption={t('rollout.byCompany.caption')}
        nameHeader={t('rollout.byCompany.company')}
        rows={r.companies.map((c) => ({ ...c, key: String(c.id), name: c.name ?? t('rollout.filters.noCompany') }))}
      />
      <GroupTable
        title={t('rollout.byCity.title')}
        caption={t('rollout.byCity.caption')}
        nameHeader={t('rollout.byCity.city')}
        rows={r.cities.map((c) => ({ ...c, key: c.city ?? '', name: c.city ?? t('rollout.byCity.noCity') }))}
      />
      <NeedsAttention rollout={r} slug={slug} linked={source === 'fleet'} locale={locale} />
      {isAdmin && source === 'fleet' && <RolloutSettingsPanel slug={slug} />}
    </Stack>
  );
}

function ProgressSummary({ rollout: r }: { rollout: Rollout }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const share = r.registrySize ? r.done / r.registrySize : 0;
  const percent = format(share, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} id="rollout-progress-label">
        {t('rollout.progress.label')}
      </Text>
      <Text size="sm" mb="xs" data-testid="rollout-progress-text">
        {t('rollout.progress.text', { done: format(r.done), total: format(r.registrySize), percent })}
      </Text>
      <Progress.Root size="lg" radius="sm">
        <Progress.Section value={share * 100} color="#2f9e44" aria-labelledby="rollout-progress-label" aria-valuetext={percent} data-testid="rollout-progress" />
      </Progress.Root>
    </Paper>
  );
}

function StatusCounts({ rollout: r, onPick, active }: { rollout: Rollout; onPick: (s: RolloutStatus) => void; active: '' | RolloutStatus }) {
  const { t } = useTranslation();
  const format = useFormatNumber();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="xs">
        {t('rollout.counts.title')}
      </Title>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm">
        {ROLLOUT_STATUSES.map((status) => (
          <Paper
            key={status}
            component="button"
            type="button"
            withBorder
            radius="md"
            p="sm"
            onClick={() => onPick(status)}
            aria-pressed={active === status}
            data-testid={`rollout-count-${status}`}
            style={{ textAlign: 'left', cursor: 'pointer', borderColor: active === status ? STATUS_FILLS[status].color : undefined, borderWidth: active === status ? 2 : undefined }}
          >
            <Group gap={6} wrap="nowrap" align="flex-start">
              <Swatch fill={STATUS_FILLS[status]} id={`${id}-${status}`} />
              <Text size="sm" lh={1.2}>
                {t(`rollout.status.${status}`)}
              </Text>
            </Group>
            <Text fw={700} size="xl" mt={4}>
              {format(r.counts[status])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
    </section>
  );
}

function Filters({ rollout: r, params, onChange, slug, canExport }: { rollout: Rollout; params: RolloutParams; onChange: (p: Partial<RolloutParams>) => void; slug: string; canExport: boolean }) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<'' | 'csv' | 'xlsx'>('');
  const companies = [
    { value: '', label: t('rollout.filters.all') },
    ...r.options.companies.map((c) => ({ value: c.id === null ? 'none' : String(c.id), label: c.name ?? t('rollout.filters.noCompany') })),
  ];
  const cities = [{ value: '', label: t('rollout.filters.all') }, ...r.options.cities.map((c) => ({ value: c, label: c }))];
  if (params.city && !r.options.cities.includes(params.city)) cities.push({ value: params.city, label: params.city });
  const statuses = [{ value: '', label: t('rollout.filters.all') }, ...ROLLOUT_STATUSES.map((s) => ({ value: s, label: t(`rollout.status.${s}`) }))];
  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportRollout(slug, params, format);
    } finally {
      setExporting('');
    }
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={t('rollout.filters.title')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 5 }} spacing="sm">
        <TextInput type="date" label={t('rollout.filters.from')} value={params.from} max={params.to || undefined} onChange={(e) => onChange({ from: e.currentTarget.value })} data-testid="rollout-from" />
        <TextInput type="date" label={t('rollout.filters.to')} value={params.to} min={params.from || undefined} onChange={(e) => onChange({ to: e.currentTarget.value })} data-testid="rollout-to" />
        <Select label={t('rollout.filters.company')} data={companies} value={params.company} onChange={(v) => onChange({ company: v ?? '' })} allowDeselect={false} data-testid="rollout-company" />
        <Select label={t('rollout.filters.city')} data={cities} value={params.city} onChange={(v) => onChange({ city: v ?? '' })} allowDeselect={false} searchable data-testid="rollout-city" />
        <Select
          label={t('rollout.filters.status')}
          data={statuses}
          value={params.status}
          onChange={(v) => onChange({ status: (v ?? '') as RolloutParams['status'] })}
          allowDeselect={false}
          data-testid="rollout-status"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt={6}>
        {t('rollout.filters.rangeHelp')}
      </Text>
      <Group mt="sm" gap="sm">
        <Button variant="default" onClick={() => onChange({ ...DEFAULT_ROLLOUT_PARAMS, interval: params.interval })}>
          {t('rollout.filters.reset')}
        </Button>
        {canExport && (
          <Group gap="sm" role="group" aria-label={t('rollout.export.label')}>
            <Button variant="light" loading={exporting === 'csv'} onClick={() => void download('csv')} data-testid="rollout-export-csv">
              {t('rollout.export.csv')}
            </Button>
            <Button variant="light" loading={exporting === 'xlsx'} onClick={() => void download('xlsx')} data-testid="rollout-export-xlsx">
              {t('rollout.export.xlsx')}
            </Button>
          </Group>
        )}
      </Group>
    </Paper>
  );
}

function CompletionsSection({ rollout: r, params, onInterval, locale }: { rollout: Rollout; params: RolloutParams; onInterval: (i: 'day' | 'week') => void; locale: string }) {
  const { t } = useTranslation();
  const id = useId().replace(/:/g, '');
  const [asTable, setAsTable] = useState(false);
  const companyName = (companyId: number | null) =>
    r.options.companies.find((c) => c.id === companyId)?.name ?? r.companies.find((c) => c.id === companyId)?.name ?? t('rollout.filters.noCompany');
  const keys = [...new Set(r.completions.map((c) => (c.companyId === null ? 'none' : String(c.companyId))))];
  const series: ChartSeries[] = keys.map((key, i) => ({ key, label: companyName(key === 'none' ? null : Number(key)), fill: seriesFill(i) }));
  const periods = [...new Set(r.completions.map((c) => c.period))];
  const label = (period: string) => (r.interval === 'week' ? t('rollout.chart.weekOf', { day: formatDate(period, locale) }) : formatDate(period, locale));
  const rows = periods.map((period) => {
    const row: Record<string, string | number> = { period: label(period) };
    for (const s of series) row[s.key] = 0;
    for (const c of r.completions.filter((x) => x.period === period)) row[c.companyId === null ? 'none' : String(c.companyId)] = c.count;
    return row;
  });
  const caption = t('rollout.chart.caption', { interval: t(`rollout.chart.${r.interval}`) });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" mb="sm" gap="sm">
        <Title order={2} size="h3" id={`${id}-title`}>
          {t('rollout.chart.title')}
        </Title>
        <SegmentedControl
          aria-label={t('rollout.chart.interval')}
          value={params.interval}
          onChange={(v) => onInterval(v as 'day' | 'week')}
          data={[
            { value: 'day', label: t('rollout.chart.perDay') },
            { value: 'week', label: t('rollout.chart.perWeek') },
          ]}
          data-testid="rollout-interval"
        />
      </Group>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('rollout.chart.empty')}</Text>
      ) : (
        <>
          <Group gap="md" mb="xs" aria-hidden>
            {series.map((s, i) => (
              <Group key={s.key} gap={6} wrap="nowrap">
                <Swatch fill={s.fill} id={`${id}-key-${i}`} />
                <Text size="sm">{s.label}</Text>
              </Group>
            ))}
          </Group>
          {!asTable && (
            <Suspense fallback={<div style={{ height: 260 }} />}>
              <CompletionsChart rows={rows} series={series} idPrefix={id} />
            </Suspense>
          )}
          <Button variant="subtle" size="compact-sm" mt="xs" onClick={() => setAsTable((v) => !v)} aria-expanded={asTable} data-testid="rollout-chart-table-toggle">
            {asTable ? t('rollout.chart.showChart') : t('rollout.chart.showTable')}
          </Button>
          {/* The chart's numbers: shown on request, always there for screen readers. */}
          <div style={asTable ? undefined : visuallyHidden}>
            <TableScroll minWidth={320}>
              <Table striped withTableBorder mt="xs" data-testid="rollout-chart-table">
                <caption style={{ captionSide: 'top', textAlign: 'left' }}>{caption}</caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('rollout.chart.period')}</Table.Th>
                    {series.map((s) => (
                      <Table.Th scope="col" key={s.key} ta="right">
                        {s.label}
                      </Table.Th>
                    ))}
                    <Table.Th scope="col" ta="right">
                      {t('rollout.chart.total')}
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={String(row.period)}>
                      <Table.Th scope="row" fw={400}>
                        {row.period}
                      </Table.Th>
                      {series.map((s) => (
                        <Table.Td key={s.key} ta="right">
                          {row[s.key]}
                        </Table.Td>
                      ))}
                      <Table.Td ta="right">{series.reduce((n, s) => n + Number(row[s.key]), 0)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          </div>
        </>
      )}
    </Paper>
  );
}

const visuallyHidden: React.CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

type GroupRow = { key: string; name: string; counts: Rollout['counts']; total: number; done: number };

function GroupTable({ title, caption, nameHeader, rows }: { title: string; caption: string; nameHeader: string; rows: GroupRow[] }) {
  const { t } = useTranslation();
  const id = useId();
  const statuses = ROLLOUT_STATUSES.filter((s) => s !== 'notStarted');
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h3" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      <TableScroll minWidth={760}>
        <Table striped withTableBorder>
          <caption style={visuallyHidden}>{caption}</caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{nameHeader}</Table.Th>
              {statuses.map((s) => (
                <Table.Th scope="col" key={s} ta="right">
                  {t(`rollout.status.${s}`)}
                </Table.Th>
              ))}
              <Table.Th scope="col" ta="right">
                {t('rollout.done')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('rollout.total')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                <Table.Th scope="row" fw={500}>
                  {row.name}
                </Table.Th>
                {statuses.map((s) => (
                  <Table.Td key={s} ta="right">
                    {row.counts[s]}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{row.done}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {row.total}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </Paper>
  );
}

function NeedsAttention({ rollout: r, slug, linked, locale }: { rollout: Rollout; slug: string; linked: boolean; locale: string }) {
  const { t } = useTranslation();
  const id = useId();
  const items = r.needsAttention.items;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${id}-title`} data-testid="rollout-attention">
      <Title order={2} size="h3" id={`${id}-title`} mb="sm">
        {t('rollout.attention.title')} ({r.needsAttention.total})
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{t('rollout.attention.empty')}</Text>
      ) : (
        <TableScroll minWidth={560}>
          <Table striped withTableBorder>
            <caption style={visuallyHidden}>{t('rollout.attention.caption')}</caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('rollout.attention.system')}</Table.Th>
                <Table.Th scope="col">{t('rollout.attention.status')}</Table.Th>
                <Table.Th scope="col">{t('rollout.attention.step')}</Table.Th>
                <Table.Th scope="col">{t('rollout.byCompany.company')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('rollout.attention.since')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((item, i) => (
                <Table.Tr key={item.installationId}>
                  <Table.Th scope="row" fw={500}>
                    {linked ? (
                      <Anchor component={Link} to={`/${slug}/installations/${item.installationId}`} aria-label={t('rollout.attention.open', { serial: item.systemSerialNumber })}>
                        {item.systemSerialNumber}
                      </Anchor>
                    ) : (
                      item.systemSerialNumber
                    )}
                  </Table.Th>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <Swatch fill={STATUS_FILLS[item.status]} id={`${id}-s-${i}`} />
                      <span>{t(`rollout.status.${item.status}`)}</span>
                    </Group>
                  </Table.Td>
                  <Table.Td>{item.step ? t(`rollout.step.${item.step}`) : '–'}</Table.Td>
                  <Table.Td>{item.company.name ?? t('rollout.filters.noCompany')}</Table.Td>
                  <Table.Td ta="right" title={formatDate(item.since, locale)}>
                    {t('rollout.attention.days', { count: item.days })}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {r.needsAttention.total > items.length && (
        <Text size="sm" c="dimmed" mt="xs">
          {t('rollout.attention.more', { shown: items.length, total: r.needsAttention.total })}
        </Text>
      )}
    </Paper>
  );
}
