import { useEffect } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import { FAILED_CHECKS_REASON_MAX_LENGTH, FAILED_CHECKS_REASON_MIN_LENGTH } from '@portal/domain/constants';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { afterNextPaint } from '@/lib/deferred-part';
import { translateFormError } from '../lib/form-errors';
import { formResolver } from '../lib/form-resolver';

type ProceedModalProps = {
  opened: boolean;
  isSaving: boolean;
  /** The installer's reason, trimmed and checked by the domain's rule. */
  onProceed: (reason: string) => void;
  onCancel: () => void;
};

type ReasonValues = { reason: string };

const resolver = formResolver(() => import('../schemas/failed-checks').then((m) => m.ProceedWithFailedChecksSchema), (values: ReasonValues) => values);

/** SPEC §2: with a failed check, Next asks before moving on to the summary, and for a short reason. */
export function ProceedWithFailedChecksModal({ opened, isSaving, onProceed, onCancel }: ProceedModalProps) {
  const { t } = useTranslation();
  const form = useForm<ReasonValues, unknown, { reason: string }>({ defaultValues: { reason: '' }, resolver, mode: 'onTouched' });
  useEffect(() => afterNextPaint(resolver.preload), []);
  const error = translateFormError(t, form.formState.errors.reason?.message, 'failedChecksReason', { min: FAILED_CHECKS_REASON_MIN_LENGTH });
  const onSubmit = form.handleSubmit(({ reason }) => onProceed(reason));
  return (
    <Modal
      opened={opened}
      onClose={onCancel}
      centered
      closeButtonProps={{ size: 'xl', 'aria-label': t('wizard.digitalCheck.proceed.close') }}
      title={
        <Group gap="sm" wrap="nowrap">
          <IconAlertTriangle color={WARNING_TEXT_COLOR} aria-hidden />
          <Text fw={700} size="lg">
            {t('wizard.digitalCheck.proceed.title')}
          </Text>
        </Group>
      }
      attributes={{ content: { 'data-testid': 'proceed-modal' } }}
    >
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <Stack gap="lg">
          <Text>{t('wizard.digitalCheck.proceed.text')}</Text>
          <Textarea
            {...form.register('reason')}
            label={t('wizard.digitalCheck.proceed.reasonLabel')}
            description={t('wizard.digitalCheck.proceed.reasonHint')}
            required
            rows={3}
            resize="vertical"
            maxLength={FAILED_CHECKS_REASON_MAX_LENGTH}
            error={error}
            data-autofocus
            data-testid="proceed-reason"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={isSaving} data-testid="proceed-cancel">
              {t('wizard.digitalCheck.proceed.cancel')}
            </Button>
            <Button type="submit" color={WARNING_TEXT_COLOR} loading={isSaving} data-testid="proceed-confirm">
              {t('wizard.digitalCheck.proceed.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
