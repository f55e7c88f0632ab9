import type { ReactNode } from 'react';
import { Alert, Button, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { CarryOver, CarryOverSource } from '@portal/domain/carry-over';
import { WRAPPING_BUTTON } from './wrapping-button';

/** The buttons of a carry-over row share it on a wide screen and take a line each on a phone. */
export const CARRY_OVER_BUTTON_STYLE = { flex: '1 1 16rem' } as const;

/** The colour of what was taken over: the primary blue's darkest shade, legible on white. */
const CARRIED_COLOR = 'blue.9';

/** Under a field's label while its value is the one taken from an earlier vehicle (until the tab is saved). */
export function CarriedMark({ label }: { label: string }) {
  return (
    <Text span inherit fw={600} c={CARRIED_COLOR} data-testid="carried-mark">
      <IconCopy size={13} aria-hidden style={{ verticalAlign: '-2px', marginRight: 4 }} />
      {label}
    </Text>
  );
}

/** A field's description with the mark in front of what it says otherwise. */
export const withMark = (mark: ReactNode | null, description?: ReactNode) =>
  mark ? (
    <>
      {mark}
      {description ? <> · {description}</> : null}
    </>
  ) : (
    description
  );

type SameAsLastButtonProps = {
  label: string;
  /** What it takes, under the label. */
  detail?: string;
  onClick: () => void;
  isLoading?: boolean;
  disabled?: boolean;
  testId: string;
};

/** One large tap that fills what repeats. */
export function SameAsLastButton({ label, detail, onClick, isLoading = false, disabled = false, testId }: SameAsLastButtonProps) {
  return (
    <Button
      size="lg"
      variant="light"
      leftSection={<IconCopy aria-hidden />}
      onClick={onClick}
      loading={isLoading}
      disabled={disabled}
      style={CARRY_OVER_BUTTON_STYLE}
      styles={{ ...WRAPPING_BUTTON, label: { ...WRAPPING_BUTTON.label, flexDirection: 'column', alignItems: 'flex-start' } }}
      data-testid={testId}
    >
      <span>{label}</span>
      {detail && (
        <Text span size="xs" fw={400} c="dark.6" data-testid={`${testId}-detail`}>
          {detail}
        </Text>
      )}
    </Button>
  );
}

/** After a tap: where the values came from, and what the installer still types. */
export function CarriedNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} role="status" data-testid="carried-notice">
      <Text size="sm">{children}</Text>
    </Alert>
  );
}

type VehiclePickerProps = {
  opened: boolean;
  recent: CarryOver['recent'];
  onPick: (source: CarryOverSource) => void;
  onClose: () => void;
};

/** The fleet's recent vehicles, by name, serial number and model: the one tapped fills the tab. */
export function VehiclePicker({ opened, recent, onPick, onClose }: VehiclePickerProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('wizard.carryOver.pickTitle')} closeButtonProps={{ 'aria-label': t('wizard.close') }} data-testid="vehicle-picker">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          {t('wizard.carryOver.pickHint')}
        </Text>
        {recent.map((item) => (
          <UnstyledButton
            key={item.id}
            onClick={() => onPick(item)}
            p="sm"
            style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-md)', minHeight: 44 }}
            data-testid={`vehicle-picker-${item.id}`}
          >
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.name}
            </Text>
            <Text size="sm" c="dark.6" style={{ overflowWrap: 'anywhere' }}>
              {t('wizard.carryOver.pickItem', { serial: item.systemSerialNumber, vehicle: `${item.manufacturer} ${item.model} ${item.year}` })}
            </Text>
          </UnstyledButton>
        ))}
      </Stack>
    </Modal>
  );
}
