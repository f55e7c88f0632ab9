import { useState } from 'react';
import { Button, Checkbox, Group, Menu, Select } from '@mantine/core';
import { IconChevronDown, IconDownload, IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { INSTALLATION_STATUSES, type InstallationListParams, type InstallationStatus } from '@portal/domain/installation-list';
import { CalendarInput } from '@/components/ui/calendar-input';
import { displayDateFormat } from '@/lib/format-date';
import { currentLocale } from '@/lib/i18n';
import { exportInstallations, type ExportFormat } from '../api/export-installations';
import { notify } from '@/lib/notify';

type InstallationFiltersProps = {
  fleet: string;
  params: InstallationListParams;
  onChange: (patch: Partial<InstallationListParams>) => void;
  isNarrow: boolean;
};

/** Status, a range of start dates and "submitted with failed checks"; the export takes the same filters. */
export function InstallationFilters({ fleet, params, onChange, isNarrow }: InstallationFiltersProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState<ExportFormat | null>(null);
  const isFiltered = Boolean(params.status || params.from || params.to || params.failedChecks);
  const locale = currentLocale();

  const onExport = async (format: ExportFormat) => {
    setExporting(format);
    try {
      await exportInstallations(fleet, params, format);
    } catch {
      notify(t, { message: t('listFilters.exportFailed'), tone: 'error' });
    } finally {
      setExporting(null);
    }
  };

  return (
    <Group gap="sm" align="flex-end" wrap="wrap" data-testid="installation-filters">
      <Select
        label={t('listFilters.status')}
        data={[
          { value: '', label: t('listFilters.allStatuses') },
          ...INSTALLATION_STATUSES.map((status) => ({ value: status, label: t(`solar.installations.status.${status}`) })),
        ]}
        value={params.status}
        onChange={(value) => onChange({ status: (value ?? '') as '' | InstallationStatus, page: 1 })}
        allowDeselect={false}
        w={isNarrow ? '100%' : 220}
        data-testid="filter-status"
      />
      {(['from', 'to'] as const).map((edge) => (
        <CalendarInput
          key={edge}
          label={t(`listFilters.${edge}`)}
          value={params[edge] || null}
          onChange={(value) => onChange({ [edge]: value ?? '', page: 1 })}
          minDate={edge === 'to' ? params.from || undefined : undefined}
          maxDate={edge === 'from' ? params.to || undefined : undefined}
          placeholder={displayDateFormat(locale)}
          clearable
          w={isNarrow ? '100%' : 210}
          data-testid={`filter-${edge}`}
        />
      ))}
      <Checkbox
        label={t('listFilters.failedChecks')}
        checked={params.failedChecks}
        onChange={(e) => onChange({ failedChecks: e.currentTarget.checked, page: 1 })}
        styles={{ body: { alignItems: 'center', minHeight: 44 } }}
        data-testid="filter-failed-checks"
      />
      {isFiltered && (
        <Button variant="subtle" leftSection={<IconFilterOff aria-hidden />} onClick={() => onChange({ status: '', from: '', to: '', failedChecks: false, page: 1 })} data-testid="filter-clear">
          {t('listFilters.clear')}
        </Button>
      )}
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" leftSection={<IconDownload aria-hidden />} rightSection={<IconChevronDown aria-hidden size={16} />} loading={exporting !== null} ml={isNarrow ? undefined : 'auto'} fullWidth={isNarrow} data-testid="export-menu">
            {t('listFilters.export')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => void onExport('csv')} data-testid="export-csv">
            {t('listFilters.exportCsv')}
          </Menu.Item>
          <Menu.Item onClick={() => void onExport('xlsx')} data-testid="export-xlsx">
            {t('listFilters.exportXlsx')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
