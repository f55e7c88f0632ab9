import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InstallationStatus } from '@portal/domain/installation';

const COLORS: Record<InstallationStatus, string> = { completed: 'green', draft: 'orange' };

/** 'Completed' / 'In Progress'; the words carry the meaning, the dot colour only helps. */
export function InstallationStatusBadge({ status }: { status: InstallationStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="dot" color={COLORS[status]} size="lg" tt="none" fw={600} miw="max-content" data-status={status}>
      {t(`solar.installations.status.${status}`)}
    </Badge>
  );
}
