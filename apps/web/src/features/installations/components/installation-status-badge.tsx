import { Badge, Group } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { InstallationStatus } from '@portal/domain/installation';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';

const COLORS: Record<InstallationStatus, string> = { completed: 'green', draft: 'orange' };

type InstallationStatusBadgeProps = {
  status: InstallationStatus;
  /** The installer went on (or submitted) although a digital check failed. */
  hasFailedChecks?: boolean;
};

/** 'Completed' / 'In Progress'; the words carry the meaning, the dot colour only helps. */
export function InstallationStatusBadge({ status, hasFailedChecks = false }: InstallationStatusBadgeProps) {
  const { t } = useTranslation();
  const badge = (
    <Badge variant="dot" color={COLORS[status]} size="lg" tt="none" fw={600} miw="max-content" data-status={status}>
      {t(`solar.installations.status.${status}`)}
    </Badge>
  );
  if (!hasFailedChecks) return badge;
  return (
    <Group gap={6} wrap="wrap" style={{ rowGap: 4 }}>
      {badge}
      <Badge
        variant="light"
        color="orange"
        c={WARNING_TEXT_COLOR}
        size="lg"
        tt="none"
        fw={600}
        // In a narrow table column "Prüfung fehlgeschlagen" takes two lines rather than widening the table.
        h="auto"
        py={2}
        styles={{ label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.3 } }}
        leftSection={<IconAlertTriangle size={14} aria-hidden />}
        data-testid="failed-checks-marker"
      >
        {t('solar.installations.failedChecks')}
      </Badge>
    </Group>
  );
}
