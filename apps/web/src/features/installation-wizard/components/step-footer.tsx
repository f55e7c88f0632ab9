import { Button, Group } from '@mantine/core';
import { IconArrowRight, IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type StepFooterProps = {
  onSave?: () => void;
  onNext?: () => void;
  isNextDisabled?: boolean;
  isSaving?: boolean;
  /** Read-only installations move on without saving. */
  isReadOnly?: boolean;
  nextLabel?: string;
};

/** Save stays on the tab, Next saves and moves on; both at least 44 px high for gloved hands. */
export function StepFooter({ onSave, onNext, isNextDisabled = false, isSaving = false, isReadOnly = false, nextLabel }: StepFooterProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end" gap="sm" pt="md" wrap="wrap">
      {onSave && !isReadOnly && (
        <Button variant="default" leftSection={<IconDeviceFloppy aria-hidden />} onClick={onSave} loading={isSaving} data-testid="step-save">
          {t('wizard.actions.save')}
        </Button>
      )}
      {onNext && (
        <Button
          rightSection={<IconArrowRight aria-hidden />}
          onClick={onNext}
          disabled={isNextDisabled || (isSaving && Boolean(onSave))}
          loading={isSaving && !onSave}
          data-testid="step-next"
        >
          {nextLabel ?? t('wizard.actions.next')}
        </Button>
      )}
    </Group>
  );
}
