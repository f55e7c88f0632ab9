import { Button, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { StepSection } from '../components/step-section';
import { MailLink } from '@/components/ui/mail-link';

const EXPECT = ['general', 'customer', 'vehicle', 'system', 'uploads', 'digitalCheck', 'summary'] as const;
const BEFORE = ['serial', 'papers', 'installed', 'camera'] as const;

type PreInstallationStepProps = { onStart: () => void; onCancel: () => void };

/** The checklist before a new installation: what comes, what to have at hand, whom to ask. */
export function PreInstallationStep({ onStart, onCancel }: PreInstallationStepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="xl" maw={820}>
      <StepSection title={t('wizard.preInstallation.welcomeTitle')} space="xs">
        <Text>{t('wizard.preInstallation.welcome')}</Text>
      </StepSection>
      <StepSection title={t('wizard.preInstallation.expectTitle')} space="xs">
        <List type="ordered" spacing="xs" data-testid="what-to-expect">
          {EXPECT.map((item) => (
            <List.Item key={item}>{t(`wizard.preInstallation.expect.${item}`)}</List.Item>
          ))}
        </List>
      </StepSection>
      <StepSection title={t('wizard.preInstallation.beforeTitle')} space="xs">
        <List spacing="xs">
          {BEFORE.map((item) => (
            <List.Item key={item}>{t(`wizard.preInstallation.before.${item}`)}</List.Item>
          ))}
        </List>
      </StepSection>
      <StepSection title={t('wizard.preInstallation.notesTitle')} space="xs">
        <Text>{t('wizard.preInstallation.notes')}</Text>
        <Text mt="xs">
          {t('wizard.preInstallation.support')}{' '}
          <MailLink email={SUPPORT_EMAIL} data-testid="support-link" />
        </Text>
      </StepSection>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="pre-cancel">
          {t('wizard.actions.cancel')}
        </Button>
        <Button rightSection={<IconArrowRight aria-hidden />} onClick={onStart} data-testid="pre-start">
          {t('wizard.actions.start')}
        </Button>
      </Group>
    </Stack>
  );
}
