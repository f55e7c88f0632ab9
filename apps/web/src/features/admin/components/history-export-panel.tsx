import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { CalendarInput } from '@/components/ui/calendar-input';
import { toIsoDate } from '@/lib/format-date';
import { saveTextFile } from '@/lib/save-file';
import { exportHistory } from '../api/export-history';
import { notify } from '@/lib/notify';

const firstOfMonth = () => {
  const now = new Date();
  return toIsoDate(new Date(now.getFullYear(), now.getMonth(), 1));
};

/** Fleet admins download every change to the fleet's installations in a range of days as CSV. */
export function HistoryExportPanel({ fleet }: { fleet: string }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState(firstOfMonth);
  const [to, setTo] = useState(() => toIsoDate(new Date()));
  const [isLoading, setLoading] = useState(false);

  const onDownload = async () => {
    setLoading(true);
    try {
      saveTextFile(`history-${fleet}-${from}-${to}.csv`, await exportHistory(fleet, from, to));
    } catch {
      notify(t, { message: t('history.export.failed'), tone: 'error' });
    } finally {
      setLoading(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="md">
        <Title order={2} size="h3">
          {t('history.export.title')}
        </Title>
        <Text>{t('history.export.text')}</Text>
        <Group align="flex-end" gap="sm">
          <DateField label={t('history.export.from')} value={from} onChange={setFrom} maxDate={to} testId="history-export-from" />
          <DateField label={t('history.export.to')} value={to} onChange={setTo} minDate={from} testId="history-export-to" />
          <Button leftSection={<IconDownload aria-hidden />} onClick={() => void onDownload()} loading={isLoading} data-testid="history-export-download">
            {t('history.export.download')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

type DateFieldProps = {
  label: string;
  /** An ISO date (2025-03-01). */
  value: string;
  onChange: (value: string) => void;
  minDate?: string;
  maxDate?: string;
  testId: string;
};

/** One end of the range: a day picked in a calendar, shown the way the language writes dates; it cannot be emptied. */
function DateField({ label, value, onChange, minDate, maxDate, testId }: DateFieldProps) {
  return (
    <CalendarInput
      label={label}
      value={value}
      onChange={(picked) => picked && onChange(picked)}
      minDate={minDate}
      maxDate={maxDate}
      w={210}
      data-testid={testId}
    />
  );
}
