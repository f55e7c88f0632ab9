import { useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconDeviceFloppy, IconListCheck } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { SaveResult } from '../hooks/use-step-form';
import { saveThenNext } from '../lib/save-then-next';
import { useWizardStore } from '../stores/wizard-store';
import { WRAPPING_BUTTON } from './wrapping-button';

type StepFooterProps = {
  onSave?: () => void;
  onNext?: () => void;
  isNextDisabled?: boolean;
  isSaving?: boolean;
  /** Read-only installations move on without saving. */
  isReadOnly?: boolean;
  nextLabel?: string;
  /** What Next waits for, said beside it while it is disabled. */
  nextHint?: string;
};

/** Save stays on the tab, Next saves and moves on; both at least 44 px high for gloved hands. */
export function StepFooter({ onSave, onNext, isNextDisabled = false, isSaving = false, isReadOnly = false, nextLabel, nextHint }: StepFooterProps) {
  const { t } = useTranslation();
  const isEmptyFormShown = useWizardStore((state) => state.isEmptyFormShown);
  // After a jump from the summary, one tap saves the tab and goes back there; Next still goes on tab by tab.
  const returnTab = useWizardStore((state) => (isReadOnly ? null : state.returnTab));
  const setNextTarget = useWizardStore((state) => state.setNextTarget);
  // The spinner shows on the button that was pressed; the others wait, disabled.
  const [pressed, setPressed] = useState<'save' | 'next' | 'return'>('save');
  const hint = isNextDisabled && !isReadOnly && nextHint ? nextHint : null;
  const buttons = (
    <Group justify="flex-end" gap="sm" pt="md" wrap="wrap">
      {hint && (
        <Text id="step-next-hint" size="sm" c="dimmed" ta="end" style={{ flex: '1 1 14rem' }} data-testid="step-next-hint">
          {hint}
        </Text>
      )}
      {onNext && returnTab && (
        <Button
          variant="light"
          px="sm"
          styles={WRAPPING_BUTTON}
          leftSection={<IconListCheck aria-hidden />}
          onClick={() => {
            setPressed('return');
            setNextTarget(returnTab);
            onNext();
          }}
          disabled={isNextDisabled || (isSaving && pressed !== 'return')}
          loading={isSaving && pressed === 'return'}
          aria-describedby={hint ? 'step-next-hint' : undefined}
          data-testid="step-return"
        >
          {t('wizard.actions.backToSummary')}
        </Button>
      )}
      {onSave && !isReadOnly && (
        <Button
          variant="default"
          leftSection={<IconDeviceFloppy aria-hidden />}
          onClick={() => {
            setPressed('save');
            onSave();
          }}
          loading={isSaving && pressed === 'save'}
          disabled={isSaving && pressed !== 'save'}
          data-testid="step-save"
        >
          {t('wizard.actions.save')}
        </Button>
      )}
      {onNext && (
        <Button
          rightSection={<IconArrowRight aria-hidden />}
          onClick={() => {
            setPressed('next');
            setNextTarget(null);
            onNext();
          }}
          disabled={isNextDisabled || (isSaving && (Boolean(onSave) || returnTab !== null) && pressed !== 'next')}
          loading={isSaving && ((!onSave && pressed !== 'return') || pressed === 'next')}
          aria-describedby={hint ? 'step-next-hint' : undefined}
          data-testid="step-next"
        >
          {nextLabel ?? t('wizard.actions.next')}
        </Button>
      )}
    </Group>
  );
  if (!isEmptyFormShown || isReadOnly) return buttons;
  // SPEC §5, beside the buttons just pressed rather than far above them.
  return (
    <Stack gap={0}>
      <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" mt="md" data-testid="empty-form-alert">
        {t('solar.errors.formErrors.emptyForm')}
      </Alert>
      {buttons}
    </Stack>
  );
}

type StepFormFooterProps = {
  /** The tab's step form (see useStepForm). */
  step: { save: (options: { withToast: boolean }) => Promise<SaveResult>; isSaving: boolean };
  onNext: () => void;
  isNextDisabled?: boolean;
  isReadOnly: boolean;
  nextHint?: string;
};

/** The footer of a tab with a step form: Save saves with a toast, Next saves quietly and moves on. */
export function StepFormFooter({ step: { save, isSaving }, onNext, isNextDisabled, isReadOnly, nextHint }: StepFormFooterProps) {
  return (
    <StepFooter
      onSave={() => void save({ withToast: true })}
      onNext={() => void saveThenNext(save, onNext)}
      isNextDisabled={isNextDisabled}
      isSaving={isSaving}
      isReadOnly={isReadOnly}
      nextHint={nextHint}
    />
  );
}
