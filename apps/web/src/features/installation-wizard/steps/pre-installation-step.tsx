import { useState } from 'react';
import { Button, Collapse, Group, List, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { StepSection } from '../components/step-section';
import { MailLink } from '@/components/ui/mail-link';
import classes from './pre-installation-step.module.css';

const EXPECT = ['general', 'customer', 'vehicle', 'system', 'uploads', 'digitalCheck', 'summary'] as const;
const BEFORE = ['serial', 'papers', 'installed', 'camera'] as const;

type PreInstallationStepProps = {
  onStart: () => void;
  onCancel: () => void;
  /** The installer has started an installation in this fleet before: the checklist folds into one line. */
  isFolded?: boolean;
};

function Checklist() {
  const { t } = useTranslation();
  return (
    <Stack gap="xl">
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
    </Stack>
  );
}

/**
 * The checklist before a new installation: what comes, what to have at hand, whom to ask. Start stays in
 * view without scrolling; after the installer's first installation the checklist folds into one line, and
 * one tap unfolds it.
 */
export function PreInstallationStep({ onStart, onCancel, isFolded = false }: PreInstallationStepProps) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(!isFolded);
  return (
    <Stack gap="xl" maw={820}>
      {isFolded ? (
        <Stack gap="xs" align="flex-start">
          <Text data-testid="pre-summary">{t('wizard.preInstallation.summary')}</Text>
          <Button
            variant="subtle"
            px={0}
            mih={44}
            leftSection={isOpen ? <IconChevronUp aria-hidden /> : <IconChevronDown aria-hidden />}
            aria-expanded={isOpen}
            aria-controls="pre-checklist"
            onClick={() => setOpen((open) => !open)}
            data-testid="pre-toggle"
          >
            {t(isOpen ? 'wizard.preInstallation.hideChecklist' : 'wizard.preInstallation.showChecklist')}
          </Button>
          <Collapse expanded={isOpen} id="pre-checklist" w="100%">
            {isOpen && <Checklist />}
          </Collapse>
        </Stack>
      ) : (
        <Checklist />
      )}
      {/* Stays at the bottom of the screen while the checklist scrolls, so Start never needs a scroll. */}
      <Group justify="flex-end" gap="sm" className={classes.actions} data-testid="pre-actions">
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
