import { useRef, useState, type InputHTMLAttributes } from 'react';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconAlertTriangle, IconCloudUpload, IconCpu, IconFileText, IconPhotoPlus, IconSolarPanel } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { UPLOAD_MAX_FILES_PER_SLOT } from '@portal/domain/constants';
import type { Upload } from '@portal/domain/upload';
import { allowedFormats, type UploadSlot as Slot } from '@portal/domain/upload-rules';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { useIsTouch } from '@/lib/use-is-narrow';
import type { PendingUpload, Rejection } from '../stores/uploads-store';
import { fileProblemMessage, pickerAccept, slotKey } from '../lib/upload-file';
import { UploadFileRow } from './upload-file-row';

const SLOT_ICONS = { pvModules: IconSolarPanel, 'telematics-mcu': IconCpu, other: IconFileText } as const;

type UploadSlotProps = {
  slot: Slot;
  isRequired: boolean;
  /** Saved uploads of this slot. */
  saved: readonly Upload[];
  removedIds: readonly number[];
  /** Files picked for this slot and not stored yet. */
  pending: readonly PendingUpload[];
  rejections: readonly Rejection[];
  isReadOnly: boolean;
  onPick: (slot: Slot, files: File[]) => void;
  onRemovePending: (key: string) => void;
  onRemoveSaved: (id: number) => void;
  onRestoreSaved: (id: number) => void;
  onDismissRejections: (slot: Slot) => void;
  /** Save was pressed: a required slot without a file says so even if it never held one. */
  isMissingShown: boolean;
};

/** One category of files: what belongs in it, a drop area with a picker button, and its files. */
export function UploadSlot({
  slot,
  isRequired,
  saved,
  removedIds,
  pending,
  rejections,
  isReadOnly,
  onPick,
  onRemovePending,
  onRemoveSaved,
  onRestoreSaved,
  onDismissRejections,
  isMissingShown,
}: UploadSlotProps) {
  const { t } = useTranslation();
  const isTouch = useIsTouch();
  const openPicker = useRef<() => void>(null);
  const key = slotKey(slot);
  const title = t(`wizard.uploads.slots.${key}.title`);
  const Icon = SLOT_ICONS[slot];
  const kept = saved.filter((u) => !removedIds.includes(u.id));
  const count = kept.length + pending.length;
  const isFull = count >= UPLOAD_MAX_FILES_PER_SLOT;
  const isMissing = isRequired && kept.length + pending.filter((p) => p.problem === null).length === 0;
  // A slot the installer emptied says at once that it needs a file; an untouched one only after Save.
  const [hasHadFiles, setHasHadFiles] = useState(count > 0);
  if (count > 0 && !hasHadFiles) setHasHadFiles(true);
  const headingId = `upload-slot-title-${slot}`;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} component="section" aria-labelledby={headingId} data-testid={`upload-slot-${slot}`}>
      <Stack gap="md">
        <Stack gap={4}>
          <Group justify="space-between" wrap="wrap" align="center" gap="sm">
            <Group gap="sm" wrap="nowrap" align="center" style={{ minWidth: 0 }}>
              <ThemeIcon size={44} radius="md" variant="light" aria-hidden style={{ flex: 'none' }}>
                <Icon size={26} />
              </ThemeIcon>
              <Title order={3} size="h4" id={headingId} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                {title}
              </Title>
            </Group>
            <Badge color={isRequired ? 'red' : 'gray'} variant="light" size="lg" style={{ flex: 'none' }}>
              {isRequired ? t('wizard.uploads.required') : t('wizard.uploads.optional')}
            </Badge>
          </Group>
          <Text>{t(`wizard.uploads.slots.${key}.text`)}</Text>
          <Group justify="space-between" gap="xs" align="baseline">
            <Text size="sm" c="dimmed">
              {t(`wizard.uploads.${slot === 'other' ? 'otherRules' : 'imageRules'}`)}
            </Text>
            <Text size="sm" fw={600} c={isFull ? WARNING_TEXT_COLOR : 'dimmed'} data-testid={`upload-count-${slot}`}>
              {t('wizard.uploads.count', { count, max: UPLOAD_MAX_FILES_PER_SLOT })}
            </Text>
          </Group>
        </Stack>

        {!isReadOnly && (
          <Stack gap="sm">
            <Dropzone
              // Every file reaches the domain's checks, in the order picked; `accept` only filters the picker.
              onDrop={(files) => onPick(slot, files)}
              disabled={isFull}
              openRef={openPicker}
              radius="md"
              p="md"
              aria-label={t('wizard.uploads.pickLabel', { slot: title })}
              inputProps={{ accept: pickerAccept(allowedFormats(slot)), 'data-testid': `upload-input-${slot}` } as InputHTMLAttributes<HTMLInputElement>}
              data-testid={`upload-dropzone-${slot}`}
            >
              <Group justify="center" gap="sm" mih={56} style={{ pointerEvents: 'none' }}>
                <Dropzone.Accept>
                  <IconCloudUpload size={32} aria-hidden />
                </Dropzone.Accept>
                <Dropzone.Idle>
                  <IconCloudUpload size={32} aria-hidden />
                </Dropzone.Idle>
                <Dropzone.Reject>
                  <IconAlertTriangle size={32} aria-hidden />
                </Dropzone.Reject>
                <Text ta="center" c={isFull ? 'dimmed' : undefined}>
                  {isFull ? t('wizard.uploads.full', { max: UPLOAD_MAX_FILES_PER_SLOT }) : isTouch ? t('wizard.uploads.tap') : t('wizard.uploads.drop')}
                </Text>
              </Group>
            </Dropzone>
            <Button
              size="lg"
              fullWidth
              variant="light"
              leftSection={<IconPhotoPlus aria-hidden />}
              onClick={() => openPicker.current?.()}
              disabled={isFull}
              aria-label={t('wizard.uploads.pickLabel', { slot: title })}
              data-testid={`upload-pick-${slot}`}
            >
              {t('wizard.uploads.pick')}
            </Button>
          </Stack>
        )}

        {rejections.length > 0 && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle aria-hidden />}
            title={t('wizard.uploads.refusedTitle')}
            role="alert"
            withCloseButton
            onClose={() => onDismissRejections(slot)}
            closeButtonLabel={t('wizard.uploads.dismiss')}
            styles={{ closeButton: { width: 44, height: 44, minWidth: 44, minHeight: 44 } }}
            data-testid={`upload-rejections-${slot}`}
          >
            <Stack gap={4}>
              {rejections.map((r) => (
                <Text key={r.key} size="sm" data-testid="upload-rejection">
                  <Text span fw={700} inherit style={{ overflowWrap: 'anywhere' }}>
                    {r.name}
                  </Text>
                  {': '}
                  {fileProblemMessage(t, r.problem)}
                </Text>
              ))}
            </Stack>
          </Alert>
        )}

        {count === 0 && isReadOnly && <Text c="dimmed">{t('wizard.uploads.empty')}</Text>}
        {isMissing && !isReadOnly && (isMissingShown || hasHadFiles) && (
          <Text size="sm" c="red.9" data-testid={`upload-required-${slot}`}>
            {t('solar.errors.formErrors.filesAreRequired')}
          </Text>
        )}

        {saved.length + pending.length > 0 && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="sm" data-testid={`upload-files-${slot}`}>
            {saved.map((upload) => {
              const isRemoved = removedIds.includes(upload.id);
              return (
                <UploadFileRow
                  key={`saved-${upload.id}`}
                  name={upload.name}
                  format={upload.format}
                  sizeKilobytes={upload.sizeKilobytes}
                  status={isRemoved ? 'removed' : 'saved'}
                  url={upload.url}
                  isReadOnly={isReadOnly}
                  onRemove={() => onRemoveSaved(upload.id)}
                  onRestore={() => onRestoreSaved(upload.id)}
                />
              );
            })}
            {pending.map((item) => (
              <UploadFileRow
                key={item.key}
                name={item.name}
                format={item.format}
                sizeKilobytes={item.blob ? item.blob.size / 1024 : null}
                status={item.status}
                blob={item.blob}
                fileKey={item.key}
                progress={item.progress}
                problem={item.problem}
                isReadOnly={isReadOnly}
                onRemove={() => onRemovePending(item.key)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}
