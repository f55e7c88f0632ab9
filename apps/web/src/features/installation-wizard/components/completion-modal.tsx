import { Alert, Button, Flex, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBus, IconCircleCheck, IconHome } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { Trans } from '@/lib/trans';
import type { Installation } from '@portal/domain/installation';
import { DownloadReportButton } from '@/components/ui/download-report-button';
import { ReadOnlyValue } from './read-only-value';
import { WRAPPING_BUTTON } from './wrapping-button';

type CompletionModalProps = {
  installation: Installation | null;
  fleet: string;
  onClose: () => void;
};

/**
 * After a submit: the confirmation with the product serial number, the next vehicle of the same fleet
 * (a depot fits many in a row), the report, and the way back to the fleet home.
 */
export function CompletionModal({ installation, fleet, onClose }: CompletionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={installation !== null}
      onClose={onClose}
      centered
      size="lg"
      closeButtonProps={{ size: 'xl', 'aria-label': t('wizard.summary.done.close') }}
      title={
        <Group gap="sm" wrap="nowrap">
          <IconCircleCheck color="var(--mantine-color-green-9)" size={28} aria-hidden />
          <Text fw={700} size="lg">
            {t('wizard.summary.done.title')}
          </Text>
        </Group>
      }
      attributes={{ content: { 'data-testid': 'completion-modal' } }}
    >
      {installation && (
        <Stack gap="lg">
          <Text size="lg" data-testid="completion-text">
            {/* A serial such as SN-DEMO-0001 never breaks at its hyphens. */}
            <Trans i18nKey="wizard.summary.done.text" values={{ id: installation.systemSerialNumber }} components={{ 0: <span style={{ whiteSpace: 'nowrap' }} data-testid="completion-text-serial" /> }} />
          </Text>
          <ReadOnlyValue label={t('wizard.summary.done.serial')} value={installation.systemSerialNumber} testId="completion-serial" />
          {installation.proceededWithFailedChecks && (
            <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} data-testid="completion-failed-checks">
              {t('wizard.summary.done.failedChecks')}
            </Alert>
          )}
          {/* On a phone the buttons fill the width, Next vehicle on top; side by side from 36em. */}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm" data-testid="completion-actions">
            <DownloadReportButton id={installation.id} serialNumber={installation.systemSerialNumber} name={installation.name} />
            <Button styles={WRAPPING_BUTTON} variant="default" component={Link} to={`/${fleet}`} leftSection={<IconHome aria-hidden />} data-testid="completion-return" data-autofocus>
              {t('wizard.summary.done.return')}
            </Button>
            <Button styles={WRAPPING_BUTTON} component={Link} to={`/${fleet}/installations/new`} leftSection={<IconBus aria-hidden />} data-testid="completion-next">
              {t('wizard.summary.done.next')}
            </Button>
          </Flex>
        </Stack>
      )}
    </Modal>
  );
}
