import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Partner } from '@portal/domain/partner';

type PartnerActionsProps = {
  partner: Partner;
  onEdit: (partner: Partner) => void;
  onDelete: (partner: Partner) => void;
  /** 'icons' for table rows, 'buttons' (with words, full width) for the cards of the narrow layout. */
  variant: 'icons' | 'buttons';
  disabled?: boolean;
};

/** The theme's Button height (lg), so the delete icon lines up with the edit button of a card. */
const BUTTON_HEIGHT_PX = 50;

export function PartnerActions({ partner, onEdit, onDelete, variant, disabled = false }: PartnerActionsProps) {
  const { t } = useTranslation();
  const { name } = partner;

  if (variant === 'buttons') {
    return (
      <Group gap="sm" wrap="nowrap">
        <Button variant="light" flex={1} leftSection={<IconPencil aria-hidden />} onClick={() => onEdit(partner)} aria-label={t('partners.editOf', { name })} disabled={disabled}>
          {t('partners.edit')}
        </Button>
        <ActionIcon
          variant="light"
          color="red"
          size={BUTTON_HEIGHT_PX}
          onClick={() => onDelete(partner)}
          aria-label={t('partners.deleteOf', { name })}
          title={t('partners.delete')}
          disabled={disabled}
        >
          <IconTrash aria-hidden />
        </ActionIcon>
      </Group>
    );
  }

  // The theme's ActionIcon size (xl) is a 44 px touch target.
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" onClick={() => onEdit(partner)} aria-label={t('partners.editOf', { name })} title={t('partners.edit')} disabled={disabled}>
        <IconPencil aria-hidden />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" onClick={() => onDelete(partner)} aria-label={t('partners.deleteOf', { name })} title={t('partners.delete')} disabled={disabled}>
        <IconTrash aria-hidden />
      </ActionIcon>
    </Group>
  );
}
