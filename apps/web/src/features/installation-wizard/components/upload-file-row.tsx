import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Group, Image, Loader, Modal, Paper, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconArrowBackUp,
  IconDownload,
  IconEye,
  IconFile,
  IconFileTypeCsv,
  IconFileTypeDoc,
  IconFileTypeDocx,
  IconFileTypePdf,
  IconFileTypeTxt,
  IconFileTypeXls,
  IconPhoto,
  IconPhotoOff,
  IconTrash,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { SIZE_MB_FRACTION_DIGITS, sizeMb, THUMBNAIL_FORMATS } from '@portal/domain/upload-rules';
import { useFormatNumber } from '@/lib/format-number';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import { notify } from '@/lib/notify';
import { getUploadFileQueryOptions, useUploadFile } from '../api/get-upload-file';
import { useObjectUrl } from '../hooks/use-object-url';
import { useIsOnline } from '@/lib/use-is-online';
import { fileProblemMessage, type FileProblem } from '../lib/upload-file';
import { useUploadQueueStore } from '../stores/upload-queue-store';
import { FileSendProgress } from './upload-progress';

const THUMBNAIL_PX = 64;
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

const DOCUMENT_ICONS: Record<string, typeof IconFile> = {
  pdf: IconFileTypePdf,
  doc: IconFileTypeDoc,
  docx: IconFileTypeDocx,
  xls: IconFileTypeXls,
  xlsx: IconFileTypeXls,
  csv: IconFileTypeCsv,
  txt: IconFileTypeTxt,
};

export const hasThumbnail = (format: string) => (THUMBNAIL_FORMATS as readonly string[]).includes(format.toLowerCase());

export type UploadFileStatus = 'saved' | 'removed' | 'preparing' | 'ready' | 'queued' | 'sending';

type UploadFileRowProps = {
  name: string;
  format: string;
  sizeKilobytes: number | null;
  status: UploadFileStatus;
  /** A saved upload: where its bytes are (fetched with the token). */
  url?: string;
  /** A picked file: what will be sent. */
  blob?: Blob | null;
  /** A picked file: its key in the upload queue, for the bytes sent. */
  fileKey?: string;
  /** Of the compression, 0-100. */
  progress?: number;
  problem?: FileProblem | null;
  isReadOnly: boolean;
  onRemove?: () => void;
  onRestore?: () => void;
};

function Thumbnail({ src, format, name, isLoading, hasFailed }: { src: string | null; format: string; name: string; isLoading: boolean; hasFailed: boolean }) {
  const { t } = useTranslation();
  if (src) {
    return (
      <Image
        src={src}
        alt={t('wizard.uploads.thumbnail', { name })}
        w={THUMBNAIL_PX}
        h={THUMBNAIL_PX}
        radius="sm"
        fit="cover"
        style={{ flex: 'none' }}
        data-testid="upload-thumbnail"
      />
    );
  }
  const isImage = hasThumbnail(format);
  const Icon = isImage ? (hasFailed ? IconPhotoOff : IconPhoto) : (DOCUMENT_ICONS[format] ?? IconFile);
  return (
    <ThemeIcon size={THUMBNAIL_PX} radius="sm" variant="light" color="gray" style={{ flex: 'none' }} aria-hidden>
      {isLoading ? <Loader size="sm" /> : <Icon size={32} />}
    </ThemeIcon>
  );
}

/** The smallest size two decimals show: anything below reads "< 0.01 MB", never "0.00 MB". */
const SMALLEST_MB = 10 ** -SIZE_MB_FRACTION_DIGITS;

/** One file of a slot: thumbnail, name, size in MB, what happens to it, and its buttons (44 px for gloved hands). */
export function UploadFileRow({ name, format, sizeKilobytes, status, url, blob, fileKey, progress = 0, problem, isReadOnly, onRemove, onRestore }: UploadFileRowProps) {
  const { t } = useTranslation();
  const isOnline = useIsOnline();
  const isSentByQueue = useUploadQueueStore((state) => fileKey !== undefined && state.sendingKey === fileKey);
  // Queued before its compression ended: the compression still shows.
  const isCompressing = status === 'preparing' || (status === 'queued' && !blob);
  const formatNumber = useFormatNumber();
  const mb = (value: number) => formatNumber(value, { minimumFractionDigits: SIZE_MB_FRACTION_DIGITS, maximumFractionDigits: SIZE_MB_FRACTION_DIGITS });
  const formatSize = (kilobytes: number) => {
    const size = sizeMb(kilobytes);
    return size > 0 && size < SMALLEST_MB / 2 ? t('wizard.uploads.sizeBelowMb', { size: mb(SMALLEST_MB) }) : t('wizard.uploads.sizeMb', { size: mb(size) });
  };
  const queryClient = useQueryClient();
  const [isPreviewOpen, setPreviewOpen] = useState(false);
  const [hasPreviewFailed, setPreviewFailed] = useState(false);
  const isImage = hasThumbnail(format);
  const isSaved = status === 'saved' || status === 'removed';
  const savedFile = useUploadFile(isSaved && isImage && url ? url : null);
  // Only images get an address: a document is never shown in the page.
  const imageUrl = useObjectUrl(!isImage ? null : isSaved ? savedFile.data : blob);

  const onPreview = () => {
    setPreviewFailed(false);
    setPreviewOpen(true);
  };

  const onDownload = async () => {
    if (!url) return;
    try {
      const file = await queryClient.fetchQuery(getUploadFileQueryOptions(url));
      const href = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = href;
      link.download = name;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(href), DOWNLOAD_URL_LIFETIME_MS);
    } catch {
      notify(t, { message: t('solar.errors.formErrors.downloadError'), tone: 'error' });
    }
  };

  const previewError = hasPreviewFailed || (isSaved && savedFile.isError);
  const isRemoved = status === 'removed';

  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg={problem ? 'red.0' : isRemoved ? 'gray.0' : undefined}
      data-testid="upload-file"
      data-name={name}
      data-status={status}
    >
      <Group gap="sm" wrap="wrap" align="center">
        <Group gap="sm" wrap="nowrap" align="center" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Thumbnail src={imageUrl} format={format} name={name} isLoading={isImage && ((isSaved && savedFile.isPending) || isCompressing)} hasFailed={previewError} />
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Text fw={600} td={isRemoved ? 'line-through' : undefined} style={{ overflowWrap: 'anywhere' }} data-testid="upload-name">
              {name}
            </Text>
            <Group gap="xs">
              {sizeKilobytes !== null && (
                <Text size="sm" c="dimmed" data-testid="upload-size">
                  {formatSize(sizeKilobytes)}
                </Text>
              )}
              {status === 'ready' && !problem && (
                <Badge variant="light" color="orange" c={WARNING_TEXT_COLOR} size="md">
                  {t('wizard.uploads.waiting')}
                </Badge>
              )}
              {status === 'queued' && !problem && (
                <Badge variant="light" color="orange" c={WARNING_TEXT_COLOR} size="md" data-testid="upload-queued">
                  {t(isOnline ? 'wizard.uploads.queuedOnline' : 'wizard.uploads.queued')}
                </Badge>
              )}
              {status === 'sending' && (
                <Badge variant="light" color="blue" size="md">
                  {t('wizard.uploads.sendingFile')}
                </Badge>
              )}
              {isRemoved && (
                <Badge variant="light" color="gray" size="md">
                  {t('wizard.uploads.markedRemoved')}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap" ml="auto">
          {isImage && !isCompressing && !isRemoved && (
            <ActionIcon variant="light" onClick={onPreview} aria-label={t('wizard.uploads.preview', { name })} title={t('wizard.uploads.preview', { name })} data-testid="upload-preview">
              <IconEye aria-hidden />
            </ActionIcon>
          )}
          {isSaved && !isRemoved && (
            <ActionIcon variant="light" onClick={() => void onDownload()} aria-label={t('wizard.uploads.download', { name })} title={t('wizard.uploads.download', { name })} data-testid="upload-download">
              <IconDownload aria-hidden />
            </ActionIcon>
          )}
          {!isReadOnly && isRemoved && onRestore && (
            <Button variant="default" size="md" leftSection={<IconArrowBackUp aria-hidden />} onClick={onRestore} aria-label={t('wizard.uploads.restore', { name })} data-testid="upload-restore">
              {t('wizard.uploads.restoreShort')}
            </Button>
          )}
          {!isReadOnly && !isRemoved && onRemove && status !== 'sending' && (
            <ActionIcon variant="light" color="red" onClick={onRemove} aria-label={t('wizard.uploads.remove', { name })} title={t('wizard.uploads.remove', { name })} data-testid="upload-remove">
              <IconTrash aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
      {isCompressing && isImage && (
        <Stack gap={4} mt="xs" aria-live="polite">
          <Text size="sm">{t('wizard.uploads.compressing', { percent: Math.round(progress) })}</Text>
          <Progress value={progress} size="md" aria-label={t('wizard.uploads.compressing', { percent: Math.round(progress) })} data-testid="upload-compressing" />
        </Stack>
      )}
      {status === 'sending' && isSentByQueue && fileKey && blob && (
        <Stack mt="xs" aria-live="off">
          <FileSendProgress fileKey={fileKey} name={name} totalBytes={blob.size} />
        </Stack>
      )}
      {status === 'sending' && !isSentByQueue && <Progress value={100} striped animated size="md" mt="xs" aria-hidden />}
      {problem && (
        <Text size="sm" c="red.9" fw={600} mt="xs" role="alert" data-testid="upload-error">
          {fileProblemMessage(t, problem)}
        </Text>
      )}

      <Modal opened={isPreviewOpen} onClose={() => setPreviewOpen(false)} title={name} size="xl" centered closeButtonProps={{ size: 'xl', 'aria-label': t('wizard.uploads.closePreview') }}>
        <div data-testid="upload-preview-modal">
          {previewError ? (
            <Alert color="red" variant="light" icon={<IconPhotoOff aria-hidden />} role="alert">
              {t('solar.errors.formErrors.previewError')}
            </Alert>
          ) : imageUrl ? (
            <Image src={imageUrl} alt={name} fit="contain" mah="75vh" onError={() => setPreviewFailed(true)} data-testid="upload-preview-image" />
          ) : (
            <Center h={200}>
              <Loader />
            </Center>
          )}
        </div>
      </Modal>
    </Paper>
  );
}
