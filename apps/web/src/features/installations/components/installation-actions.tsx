import { ActionIcon, Box, Button, Group } from '@mantine/core';
import { IconArrowRight, IconEye, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import type { InstallationListItem } from '@portal/domain/installation';
import { DownloadReportButton } from '@/components/ui/download-report-button';

type InstallationActionsProps = {
  fleet: string;
  installation: InstallationListItem;
  onDelete: (installation: InstallationListItem) => void;
  /** 'icons' for table rows, 'buttons' (full width, with words) for the cards of the narrow layout. */
  variant: 'icons' | 'buttons';
};

/** The theme's ActionIcon size (xl): a 44 px touch target. */
const ACTION_SIZE_PX = 44;
/** The theme's Button size (lg), so a card's delete button lines up with its details button. */
const BUTTON_HEIGHT_PX = 50;

export function installationPath(fleet: string, id: number): string {
  return `/${fleet}/installations/${id}`;
}

/** Continue a draft, view the details of a completed one; the report of a completed one; delete only where the server says the caller may (drafts of their own, or any draft for a fleet admin). */
export function InstallationActions({ fleet, installation, onDelete, variant }: InstallationActionsProps) {
  const { t } = useTranslation();
  const { name } = installation;
  const { canDelete } = installation;
  const to = installationPath(fleet, installation.id);
  const isCompleted = installation.status === 'completed';
  // A draft is work to pick up again: it says so.
  const openLabel = isCompleted ? t('solar.installations.viewDetails') : t('solar.installations.continue');
  const openLabelOf = isCompleted ? t('solar.installations.viewDetailsOf', { name }) : t('solar.installations.continueOf', { name });
  const OpenIcon = isCompleted ? IconEye : IconArrowRight;

  if (variant === 'buttons') {
    return (
      <Group gap="sm" wrap="nowrap">
        <Button component={Link} to={to} variant="light" leftSection={<OpenIcon aria-hidden />} aria-label={openLabelOf} flex={1}>
          {openLabel}
        </Button>
        {isCompleted && <DownloadReportButton id={installation.id} serialNumber={installation.systemSerialNumber} name={name} variant="icon" />}
        {canDelete && (
          <ActionIcon
            variant="light"
            color="red"
            size={BUTTON_HEIGHT_PX}
            onClick={() => onDelete(installation)}
            aria-label={t('solar.installations.deleteOf', { name })}
            title={t('solar.installations.delete.confirm')}
          >
            <IconTrash aria-hidden />
          </ActionIcon>
        )}
      </Group>
    );
  }

  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {isCompleted && <DownloadReportButton id={installation.id} serialNumber={installation.systemSerialNumber} name={name} variant="icon" />}
      <ActionIcon
        component={Link}
        to={to}
        variant="subtle"
        aria-label={openLabelOf}
        title={openLabel}
      >
        <OpenIcon aria-hidden />
      </ActionIcon>
      {canDelete ? (
        <ActionIcon
          variant="subtle"
          color="red"
          onClick={() => onDelete(installation)}
          aria-label={t('solar.installations.deleteOf', { name })}
          title={t('solar.installations.delete.confirm')}
        >
          <IconTrash aria-hidden />
        </ActionIcon>
      ) : (
        // Keeps the eye icons of all rows in one column.
        <Box w={ACTION_SIZE_PX} aria-hidden />
      )}
    </Group>
  );
}
