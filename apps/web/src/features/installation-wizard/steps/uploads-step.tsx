import { useState } from 'react';
import { Alert, Button, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { REQUIRED_UPLOAD_SLOTS, UPLOAD_SLOTS } from '@portal/domain/upload-rules';
import { useUploads } from '../api/get-uploads';
import { StepFooter } from '../components/step-footer';
import type { StepProps } from '../components/step-props';
import { UploadSlot } from '../components/upload-slot';
import { QueueProgress } from '../components/upload-progress';
import { useUploadsForm } from '../hooks/use-uploads-form';

const NO_UPLOADS: [] = [];

function UploadsSkeleton() {
  return (
    <Stack gap="md" data-testid="uploads-loading" aria-busy>
      {UPLOAD_SLOTS.map((slot) => (
        <Paper key={slot} withBorder radius="md" p="md">
          <Stack gap="sm">
            <Skeleton height={28} width="40%" />
            <Skeleton height={16} width="80%" />
            <Skeleton height={88} />
            <Skeleton height={64} />
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/**
 * SPEC §2 uploads: photos of the PV modules and of the telematics unit and MCU (one of each at
 * least), other documents optional. Photos are compressed on the device before they are sent.
 */
export function UploadsStep({ installation, isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  const uploads = useUploads(installation.id);
  // Offline, with no copy of this installation's uploads on the device (a tab first opened without a
  // network): photos are picked and queued all the same; what the server already has shows once online.
  const isWithoutCopy = uploads.isPending && uploads.fetchStatus === 'paused';
  const form = useUploadsForm({ installation, saved: uploads.data ?? (isWithoutCopy ? NO_UPLOADS : undefined), isReadOnly });
  // Saved files go in the background, from the upload queue: the tab moves on at once.
  const inQueue = form.pending.flatMap((p) => ((p.status === 'queued' || p.status === 'sending') && p.problem === null ? [{ key: p.key, name: p.name, size: p.blob?.size ?? p.source.size }] : []));
  const isLoaded = uploads.isSuccess || isWithoutCopy;

  const [isMissingShown, setIsMissingShown] = useState(false);
  const onSave = () => {
    setIsMissingShown(true);
    void form.save({ withToast: true });
  };
  const onNextClick = async () => {
    if (isReadOnly) {
      onNext();
      return;
    }
    const outcome = await form.save({ withToast: false });
    if (outcome !== 'failed') onNext();
  };

  return (
    <Stack gap="lg">
      <Text>{t('wizard.uploads.intro')}</Text>
      {uploads.isPending && !isWithoutCopy && <UploadsSkeleton />}
      {isWithoutCopy && (
        <Text size="sm" c="dimmed" data-testid="uploads-without-copy">
          {t('wizard.uploads.withoutCopy')}
        </Text>
      )}
      {uploads.isError && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert" data-testid="uploads-load-error">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('wizard.uploads.loadError')}</Text>
            <Button variant="default" onClick={() => void uploads.refetch()}>
              {t('wizard.uploads.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {isLoaded && (
        <Stack gap="md">
          {UPLOAD_SLOTS.map((slot) => (
            <UploadSlot
              key={slot}
              slot={slot}
              isRequired={REQUIRED_UPLOAD_SLOTS.includes(slot)}
              saved={form.saved.filter((u) => u.type === slot)}
              removedIds={form.removedIds}
              pending={form.pending.filter((p) => p.type === slot)}
              rejections={form.rejections[slot] ?? []}
              isReadOnly={isReadOnly}
              onPick={form.onPick}
              onRemovePending={form.onRemovePending}
              onRemoveSaved={form.onRemoveSaved}
              onRestoreSaved={form.onRestoreSaved}
              onDismissRejections={form.onDismissRejections}
              isMissingShown={isMissingShown}
            />
          ))}
        </Stack>
      )}
      <QueueProgress files={inQueue} />
      <StepFooter
        onSave={isLoaded ? onSave : undefined}
        onNext={() => void onNextClick()}
        isNextDisabled={!isReadOnly && (!isLoaded || form.missingSlots.length > 0)}
        isSaving={form.isSaving}
        isReadOnly={isReadOnly}
        nextHint={isLoaded ? t('wizard.uploads.nextHint') : undefined}
      />
    </Stack>
  );
}
