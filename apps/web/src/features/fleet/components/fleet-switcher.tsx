import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import type { FleetMembership } from '@portal/domain/fleet';

type FleetSwitcherProps = Omit<SelectProps, 'data' | 'value' | 'onChange'> & {
  fleets: readonly FleetMembership[];
  current: string | null;
  onSwitch: (slug: string) => void;
  /** In the header the label is for screen readers only. */
  withLabel?: boolean;
};

/** SPEC §2: shown only when the user belongs to more than one fleet. */
export function FleetSwitcher({ fleets, current, onSwitch, withLabel = true, ...props }: FleetSwitcherProps) {
  const { t } = useTranslation();
  if (fleets.length < 2) return null;
  return (
    <Select
      label={withLabel ? t('fleet.switcherLabel') : undefined}
      aria-label={withLabel ? undefined : t('fleet.switcherLabel')}
      data={fleets.map((fleet) => ({ value: fleet.slug, label: fleet.name }))}
      value={current}
      placeholder={t('fleet.switcherPlaceholder')}
      onChange={(slug) => slug && slug !== current && onSwitch(slug)}
      allowDeselect={false}
      checkIconPosition="right"
      data-testid="fleet-switcher"
      comboboxProps={{ withinPortal: true, zIndex: 400 }}
      {...props}
    />
  );
}
