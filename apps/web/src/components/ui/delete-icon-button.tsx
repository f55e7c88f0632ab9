import { ActionIcon } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';

/** The theme's Button height (lg), so a large delete icon lines up with the button beside it on a card. */
const BUTTON_HEIGHT_PX = 50;

type DeleteIconButtonProps = {
  /** What it deletes, for screen readers ('Delete Miller Solar'). */
  label: string;
  /** The tooltip ('Delete'). */
  title: string;
  onClick: () => void;
  /** On a card, as high as a button; in a table row, the theme's ActionIcon (a 44 px touch target). */
  isLarge: boolean;
  disabled?: boolean;
};

/** A red trash-can button that deletes or removes one item of a list. */
export function DeleteIconButton({ label, title, onClick, isLarge, disabled }: DeleteIconButtonProps) {
  return (
    <ActionIcon variant={isLarge ? 'light' : 'subtle'} color="red" size={isLarge ? BUTTON_HEIGHT_PX : undefined} onClick={onClick} aria-label={label} title={title} disabled={disabled}>
      <IconTrash aria-hidden />
    </ActionIcon>
  );
}
