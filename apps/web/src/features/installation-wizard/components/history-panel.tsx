import { Alert, Button, Drawer, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { TFunction } from '@/lib/i18n';
import { useTranslation } from '@/lib/i18n';
import type { HistoryEntry } from '@portal/domain/history';
import { formatDate } from '@/lib/format-date';
import { currentLocale } from '@/lib/i18n';
import { useIsNarrow } from '@/lib/use-is-narrow';
import { useHistory } from '../api/get-history';

type HistoryPanelProps = { installationId: number; opened: boolean; onClose: () => void };

const time = (iso: string) => new Date(iso).toLocaleTimeString(currentLocale(), { hour: '2-digit', minute: '2-digit' });

/** A field as the wizard labels it; a controller's fields carry its serial number (`CC-1.pvModulesCount`). */
function fieldLabel(t: TFunction, field: string) {
  const dot = field.lastIndexOf('.');
  const [prefix, name] = dot > 0 ? [`${field.slice(0, dot)} `, field.slice(dot + 1)] : ['', field];
  return prefix + t(`history.fields.${name}`, { defaultValue: t(`wizard.labels.${name}`, { defaultValue: name }) });
}

/** What changed, in words: a field's old and new value, the file, the check result or the reason. */
function EntryDetail({ entry }: { entry: HistoryEntry }) {
  const { t } = useTranslation();
  const value = entry.newValue ?? entry.oldValue ?? '';
  switch (entry.action) {
    case 'checkRunStarted':
      return <Text size="sm">{t('history.checksStarted', { value })}</Text>;
    case 'checkRunFinished':
      return <Text size="sm">{t('history.checksPassed', { value })}</Text>;
    case 'reopened':
      return <Text size="sm">{t('history.reason', { value })}</Text>;
    case 'submitted':
      if (entry.field === 'reportVersion') return <Text size="sm">{t('history.reportVersion', { value })}</Text>;
      // Submitted with failed checks: the installer's reason for going on.
      return entry.field === 'failedChecksReason' ? (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t('history.reason', { value })}
        </Text>
      ) : null;
    case 'uploadAdded':
    case 'uploadRemoved':
      return (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {t(`wizard.summary.uploadTypes.${entry.field ?? 'other'}`, { defaultValue: entry.field ?? '' })}: {value}
        </Text>
      );
    case 'deleted':
      return null;
    default:
      if (!entry.field) return null;
      return (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span fw={600} size="sm">
            {fieldLabel(t, entry.field)}
          </Text>
          {' '}
          {entry.oldValue !== null ? t('history.changedFrom', { old: entry.oldValue, new: entry.newValue ?? '–' }) : t('history.changedTo', { new: entry.newValue ?? '–' })}
        </Text>
      );
  }
}

/** The installation's history, newest first, in the user's language. */
export function HistoryPanel({ installationId, opened, onClose }: HistoryPanelProps) {
  const { t } = useTranslation();
  const isNarrow = useIsNarrow();
  const history = useHistory(installationId, opened);
  const locale = currentLocale();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={isNarrow ? '100%' : 'md'}
      title={<Text fw={700} size="lg">{t('history.title')}</Text>}
      closeButtonProps={{ size: 'xl', 'aria-label': t('history.close') }}
      data-testid="history-panel"
    >
      {history.isPending ? (
        <Group gap="sm" py="xl" justify="center">
          <Loader aria-hidden />
          <Text>{t('history.loading')}</Text>
        </Group>
      ) : history.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('history.loadError')} role="alert">
          <Button variant="default" onClick={() => void history.refetch()} loading={history.isFetching}>
            {t('wizard.summary.retry')}
          </Button>
        </Alert>
      ) : history.data.length === 0 ? (
        <Text c="dimmed">{t('history.empty')}</Text>
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="history-list">
          {history.data.map((entry) => (
            <Timeline.Item key={entry.id} title={t(`history.actions.${entry.action}`)} data-testid="history-entry" data-action={entry.action}>
              <Stack gap={2}>
                <EntryDetail entry={entry} />
                <Text size="xs" c="dimmed">
                  {formatDate(entry.at, locale)} {time(entry.at)} · {entry.actor ? entry.actor.name : t('history.system')}
                </Text>
              </Stack>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Drawer>
  );
}
