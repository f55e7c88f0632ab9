import { ActionIcon, Button, Group } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { Partner } from '@portal/domain/partner';
import { DeleteIconButton } from '@/components/ui/delete-icon-button';

type PartnerActionsProps = {
  partner: Partner;
  onEdit: (partner: Partner) => void;
  onDelete: (partner: Partner) => void;
  /** 'icons' for table rows, 'buttons' (with words, full width) for the cards of the narrow layout. */
  variant: 'icons' | 'buttons';
  disabled?: boolean;
};

export function PartnerActions({ partner, onEdit, onDelete, variant, disabled = false }: PartnerActionsProps) {
  const { t } = useTranslation();
  const { name } = partner;

  if (variant === 'buttons') {
    return (
      <Group gap="sm" wrap="nowrap">
        <Button variant="light" flex={1} leftSection={<IconPencil aria-hidden />} onClick={() => onEdit(partner)} aria-label={t('partners.editOf', { name })} disabled={disabled}>
          {t('partners.edit')}
        </Button>
        <DeleteIconButton label={t('partners.deleteOf', { name })} title={t('partners.delete')} onClick={() => onDelete(partner)} isLarge disabled={disabled} />
      </Group>
    );
  }

  // The theme's ActionIcon size (xl) is a 44 px touch target.
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <ActionIcon variant="subtle" onClick={() => onEdit(partner)} aria-label={t('partners.editOf', { name })} title={t('partners.edit')} disabled={disabled}>
        <IconPencil aria-hidden />
      </ActionIcon>
      <DeleteIconButton label={t('partners.deleteOf', { name })} title={t('partners.delete')} onClick={() => onDelete(partner)} isLarge={false} disabled={disabled} />
    </Group>
  );
}
