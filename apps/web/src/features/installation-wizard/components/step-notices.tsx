import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHistory, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { currentLocale } from '@/lib/i18n';
import { formatDate } from '@/lib/format-date';
import type { SaveNotice } from '../stores/wizard-store';

type StepNoticesProps = {
  notice: SaveNotice | null;
  restoredAt: string | null;
  onDiscard: () => void;
  onReload: () => void;
};

function formatMoment(iso: string, locale: string): string {
  const time = new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit' }).format(new Date(iso));
  return `${formatDate(iso, locale)}, ${time}`;
}

/** What happened to the entries of this tab: restored from the device, waiting for the network, or outdated. */
export function StepNotices({ notice, restoredAt, onDiscard, onReload }: StepNoticesProps) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (!notice && !restoredAt) return null;
  return (
    <Stack gap="sm">
      {notice === 'conflict' && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('wizard.conflict.title')} role="alert" data-testid="conflict-notice">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('wizard.conflict.text')}</Text>
            <Button color="red" variant="filled" onClick={onReload}>
              {t('wizard.actions.reload')}
            </Button>
          </Stack>
        </Alert>
      )}
      {notice === 'offline' && (
        <Alert color="orange" variant="light" c={WARNING_TEXT_COLOR} icon={<IconWifiOff aria-hidden />} title={t('wizard.offline.title')} role="alert" data-testid="offline-notice">
          <Text size="sm">{t('wizard.offline.text')}</Text>
        </Alert>
      )}
      {notice === 'saving' && (
        <Alert color="blue" variant="light" icon={<Loader size="sm" aria-hidden />} role="status" data-testid="saving-notice">
          <Text size="sm">{t('wizard.offline.saving')}</Text>
        </Alert>
      )}
      {restoredAt && notice !== 'conflict' && (
        <Alert color="blue" variant="light" icon={<IconHistory aria-hidden />} title={t('wizard.draft.title')} role="status" data-testid="draft-notice">
          <Group justify="space-between" align="center" gap="sm">
            <Text size="sm" style={{ flex: '1 1 280px' }}>
              {t('wizard.draft.text', { time: formatMoment(restoredAt, locale) })}
            </Text>
            <Button variant="default" size="md" onClick={onDiscard}>
              {t('wizard.actions.discard')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}

type DraftOfferProps = { serialNumber: string; savedAt: string; onContinue: () => void; onDecline: () => void };

/** A new installation opens empty; what the last one left unsaved on this device is offered once. */
export function DraftOffer({ serialNumber, savedAt, onContinue, onDecline }: DraftOfferProps) {
  const { t } = useTranslation();
  const time = formatMoment(savedAt, currentLocale());
  const serial = serialNumber.trim();
  return (
    <Alert color="blue" variant="light" icon={<IconHistory aria-hidden />} role="status" data-testid="draft-offer">
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{serial ? t('wizard.draftOffer.text', { serial, time }) : t('wizard.draftOffer.textNoSerial', { time })}</Text>
        <Group gap="sm">
          <Button size="md" onClick={onContinue} data-testid="draft-offer-continue">
            {t('wizard.draftOffer.continue')}
          </Button>
          <Button variant="default" size="md" onClick={onDecline} data-testid="draft-offer-decline">
            {t('wizard.draftOffer.decline')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
