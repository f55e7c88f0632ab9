import { useState } from 'react';
import { ActionIcon, Button } from '@mantine/core';
import { IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { currentLocale } from '@/lib/i18n';
import { downloadReport } from '@/lib/report';
import { notify } from '@/lib/notify';

type DownloadReportButtonProps = {
  id: number;
  serialNumber: string;
  name: string;
  /** 'icon' for table rows, 'button' (with words) elsewhere. */
  variant?: 'icon' | 'button';
  fullWidth?: boolean;
};

/** "Download report" of a completed installation, in the user's language. */
export function DownloadReportButton({ id, serialNumber, name, variant = 'button', fullWidth }: DownloadReportButtonProps) {
  const { t } = useTranslation();
  const [isLoading, setLoading] = useState(false);
  const onClick = async () => {
    setLoading(true);
    try {
      await downloadReport(id, serialNumber, currentLocale(), t('report.fileName'));
    } catch {
      notify(t, { message: t('report.downloadFailed'), tone: 'error' });
    } finally {
      setLoading(false);
    }
  };
  if (variant === 'icon') {
    return (
      <ActionIcon variant="subtle" onClick={() => void onClick()} loading={isLoading} aria-label={t('report.downloadOf', { name })} title={t('report.download')} data-testid="download-report">
        <IconFileTypePdf aria-hidden />
      </ActionIcon>
    );
  }
  return (
    <Button variant="light" leftSection={<IconFileTypePdf aria-hidden />} onClick={() => void onClick()} loading={isLoading} fullWidth={fullWidth} data-testid="download-report">
      {t('report.download')}
    </Button>
  );
}
