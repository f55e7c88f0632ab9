import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconClockHour4, IconHome, IconLockOpen, IconSend } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '@/lib/i18n';
import type { Installation, WizardTab } from '@portal/domain/installation';
import type { InstallationSummary } from '@portal/domain/summary';
import { missingForSubmit, type MissingPart } from '@portal/domain/summary-rules';
import { DownloadReportButton } from '@/components/ui/download-report-button';
import { isApiError, normalizeError } from '@/lib/api-error';
import { afterNextPaint } from '@/lib/deferred-part';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { useIsOnline } from '@/lib/use-is-online';
import { useSummary } from '../api/get-summary';
import { useSubmitInstallation } from '../api/submit-installation';
import { useUpdateInstallation } from '../api/update-installation';
import { CompletionModal } from '../components/completion-modal';
import { MissingPartsAlert } from '../components/missing-parts-alert';
import { QueryFallback } from '../components/query-fallback';
import { ReopenDialog } from '../components/reopen-dialog';
import type { StepProps } from '../components/step-props';
import { WRAPPING_BUTTON } from '../components/wrapping-button';
import { SummarySections } from '../components/summary-sections';
import { WaitingList } from '../components/waiting-list';
import { useWaitingItems, waitingCounts, type WaitingItems } from '../hooks/use-waiting-items';
import { sendableFiles, useSubmitWhenSent, withoutWaitingUploads } from '../hooks/use-submit-when-sent';
import { deleteInstallationDrafts } from '../lib/draft-storage';
import { translateFormError } from '../lib/form-errors';
import { formResolver } from '../lib/form-resolver';
import { newIdempotencyKey } from '../lib/form-values';
import { missingPartsOf } from '../lib/missing-parts';
import { notifyInternalError } from '../lib/notify';
import { resetWizardState } from '../lib/reset-wizard-state';
import { useWizardStore } from '../stores/wizard-store';
import { useIsFleetAdmin, useWizardUserId } from '../lib/wizard-user';

export type SubmitFormValues = { summaryDataConfirmed: boolean; comments: string };

const resolver = formResolver(() => import('../schemas/summary').then((m) => m.SubmitInstallationSchema), (values: SubmitFormValues) => values);

/** What of this installation still waits on the device: its saves and its files. */
function useWaitingFor(installationId: number): WaitingItems {
  const items = useWaitingItems(useWizardUserId());
  return {
    changes: items.changes.filter((change) => change.installation === installationId),
    files: items.files.filter((file) => file.installationId === installationId),
  };
}

const isNothingWaiting = (items: WaitingItems) => items.changes.length === 0 && items.files.length === 0;

/** The saves and files of this installation not sent yet: Submit waits for them. */
function WaitingForSubmit({ items }: { items: WaitingItems }) {
  const { t } = useTranslation();
  if (isNothingWaiting(items)) return null;
  return (
    <Paper withBorder radius="md" p="md" data-testid="summary-waiting">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconClockHour4 aria-hidden color={WARNING_TEXT_COLOR} />
          <Text fw={700} c={WARNING_TEXT_COLOR}>
            {t('wizard.summary.waiting', { items: waitingCounts(t, items) })}
          </Text>
        </Group>
        <WaitingList items={items} />
      </Stack>
    </Paper>
  );
}

type SubmitFormProps = {
  installation: Installation;
  summary: InstallationSummary;
  /** When the summary was read, so a refusal is shown only for what it was about. */
  summaryUpdatedAt: number;
  onCompleted: (installation: Installation) => void;
};

/** Comments, the required confirmation and Submit, while the installation is a draft. */
function SubmitForm({ installation, summary, summaryUpdatedAt, onCompleted }: SubmitFormProps) {
  const { t } = useTranslation();
  const submit = useSubmitInstallation();
  const update = useUpdateInstallation();
  const showSaveError = useWizardStore((state) => state.showSaveError);
  const setActiveForm = useWizardStore((state) => state.setActiveForm);
  const savedComments = summary.general.comments ?? '';
  const form = useForm<SubmitFormValues, unknown, { summaryDataConfirmed: true; comments: string | null }>({
    defaultValues: { summaryDataConfirmed: false, comments: savedComments },
    resolver,
  });
  // The rules load once the form is on screen: ticking the box does not wait for them.
  useEffect(() => afterNextPaint(resolver.preload), []);
  const [refusal, setRefusal] = useState<{ missing: MissingPart[]; at: number } | null>(null);
  // One submit at a time, however fast the button is pressed.
  const isSending = useRef(false);
  const errors = form.formState.errors;
  const isConfirmed = form.watch('summaryDataConfirmed');

  // Nothing is submitted without its saves and files: Submit waits for them, and for the connection.
  const waiting = useWaitingFor(installation.id);
  const isOnline = useIsOnline();
  const whenSent = useSubmitWhenSent(waiting, isOnline);

  const onSubmit = form.handleSubmit(({ comments }) =>
    whenSent.run(async () => {
      if (isSending.current) return;
      isSending.current = true;
      try {
        const completed = await submit.mutateAsync({ id: installation.id, body: { summaryDataConfirmed: true, comments }, idempotencyKey: newIdempotencyKey() });
        onCompleted(completed);
      } catch (error) {
        const missing = missingPartsOf(error);
        if (missing) setRefusal({ missing, at: summaryUpdatedAt });
        else if (isApiError(error) && error.code === 'VALIDATION_ERROR') notifyInternalError(t);
        else showSaveError(normalizeError(error));
      } finally {
        isSending.current = false;
      }
    }),
  );

  // Closing the wizard with typed comments offers to save them.
  const latest = useRef({ installation, savedComments });
  useEffect(() => {
    latest.current = { installation, savedComments };
  });
  useEffect(() => {
    setActiveForm({
      tab: 'summary',
      isDirty: () => form.getValues('comments').trim() !== latest.current.savedComments.trim(),
      save: async () => {
        const { installation: current } = latest.current;
        try {
          const comments = form.getValues('comments').trim();
          await update.mutateAsync({ id: current.id, body: { version: current.version, comments: comments || null }, idempotencyKey: newIdempotencyKey() });
          return true;
        } catch (error) {
          showSaveError(normalizeError(error));
          return false;
        }
      },
      discard: async () => form.reset(),
      isLostOnLeave: true,
    });
    return () => setActiveForm(null);
  }, [form, setActiveForm, showSaveError, update]);

  // The server's list while it still describes the summary on screen; otherwise what the summary itself lacks.
  const missing = refusal && refusal.at === summaryUpdatedAt ? refusal.missing : withoutWaitingUploads(missingForSubmit(summary), waiting);
  const commentsError = translateFormError(t, errors.comments?.message, 'comments');
  // A file the server refused never goes by itself: it must be removed (or replaced) first.
  const hasStuckFiles = sendableFiles(waiting).length < waiting.files.length;
  const submitBlock = hasStuckFiles ? t('wizard.summary.submitWaits') : !isOnline ? t('wizard.summary.submitNeedsConnection') : null;
  const heldText = whenSent.isHeld && submitBlock === null ? t('wizard.summary.submitWaiting', { items: waitingCounts(t, waiting) }) : null;

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate data-testid="submit-form">
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Textarea
              {...form.register('comments')}
              label={t('wizard.labels.comments')}
              description={t('wizard.summary.commentsHint')}
              rows={4}
              resize="vertical"
              error={commentsError}
              data-testid="summary-comments"
            />
            <Paper withBorder radius="md" p="sm" bg={isConfirmed ? 'blue.0' : undefined}>
              <Checkbox
                {...form.register('summaryDataConfirmed')}
                label={t('wizard.summary.confirm')}
                size="lg"
                error={errors.summaryDataConfirmed ? t('solar.errors.formErrors.confirmed') : undefined}
                styles={{ body: { alignItems: 'center', minHeight: 44 }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
                data-testid="summary-confirm"
              />
            </Paper>
          </Stack>
        </Paper>
        <MissingPartsAlert missing={missing} />
        {submitBlock && (
          <Text c={WARNING_TEXT_COLOR} fw={600} ta="right" data-testid="summary-submit-waits">
            {submitBlock}
          </Text>
        )}
        {heldText && (
          <Text fw={600} ta="right" role="status" data-testid="summary-submit-held">
            {heldText}
          </Text>
        )}
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend aria-hidden />} loading={submit.isPending || (whenSent.isHeld && submitBlock === null)} disabled={submit.isPending || submitBlock !== null} data-testid="summary-submit">
            {t('wizard.summary.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** SPEC §2 summary: every recorded part read-only from one call; while draft, the confirmation and Submit. */
export function SummaryStep({ installation, fleet, isReadOnly, onFinish, onEdit }: StepProps & { onFinish: () => void; onEdit?: (tab: WizardTab) => void }) {
  const { t } = useTranslation();
  const userId = useWizardUserId();
  const summaryQuery = useSummary(installation.id);
  const [completed, setCompleted] = useState<Installation | null>(null);
  const [isReopenOpen, setReopenOpen] = useState(false);
  const isFleetAdmin = useIsFleetAdmin();
  const summary = summaryQuery.data;
  const waiting = useWaitingFor(installation.id);

  const onCompleted = (done: Installation) => {
    // Nothing of this installation is edited any more: forget the wizard's state and the device copies.
    resetWizardState(userId);
    void deleteInstallationDrafts(userId, done.id);
    setCompleted(done);
  };

  if (!summary) {
    return (
      <Stack gap="lg">
        <WaitingForSubmit items={waiting} />
        <QueryFallback query={summaryQuery} texts="wizard.summary" testId="summary" />
      </Stack>
    );
  }

  const isDraft = !isReadOnly && summary.general.status === 'draft';
  return (
    <Stack gap="lg" data-testid="summary">
      {isDraft && <Text>{t('wizard.summary.intro')}</Text>}
      {isDraft && <WaitingForSubmit items={waiting} />}
      <SummarySections summary={summary} onEdit={isDraft ? onEdit : undefined} />
      {isDraft ? (
        <SubmitForm installation={installation} summary={summary} summaryUpdatedAt={summaryQuery.dataUpdatedAt} onCompleted={onCompleted} />
      ) : (
        <Group justify="flex-end" gap="sm">
          {summary.general.status === 'completed' && (
            <DownloadReportButton id={installation.id} serialNumber={installation.systemSerialNumber} name={installation.name} />
          )}
          {summary.general.status === 'completed' && isFleetAdmin && (
            <Button variant="light" color="orange" c={WARNING_TEXT_COLOR} leftSection={<IconLockOpen aria-hidden />} onClick={() => setReopenOpen(true)} data-testid="reopen-open">
              {t('reopen.action')}
            </Button>
          )}
          <Button styles={WRAPPING_BUTTON} leftSection={<IconHome aria-hidden />} onClick={onFinish} data-testid="summary-finish">
            {t('wizard.actions.backToHome')}
          </Button>
        </Group>
      )}
      {isFleetAdmin && <ReopenDialog installation={installation} opened={isReopenOpen} onClose={() => setReopenOpen(false)} onReopened={() => setReopenOpen(false)} />}
      <CompletionModal installation={completed} fleet={fleet} onClose={() => setCompleted(null)} />
    </Stack>
  );
}
