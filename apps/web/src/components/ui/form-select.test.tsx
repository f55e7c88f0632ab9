import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { renderWithProviders } from '@/test/render';
import { FormSelect } from './form-select';

type Values = { unit: string | null };
const UNITS = [
  { value: 'kWh', label: 'Kilowatt hours' },
  { value: 'Ah', label: 'Ampere hours' },
];
let current: Values = { unit: null };

function UnitForm({ unit = null, ...props }: { unit?: string | null; clearable?: boolean; readOnly?: boolean }) {
  const { control, watch } = useForm<Values>({ defaultValues: { unit } });
  current = watch();
  return <FormSelect control={control} name="unit" label="Unit" placeholder="Please choose" data={UNITS} {...props} />;
}

const options = () => within(screen.getByRole('combobox', { name: 'Unit' })).getAllByRole<HTMLOptionElement>('option');

describe('FormSelect', () => {
  it('shows the placeholder while nothing is chosen, and hands the chosen value to the form', () => {
    renderWithProviders(<UnitForm />);
    expect(options().map((o) => [o.textContent, o.disabled])).toEqual([
      ['Please choose', true],
      ['Kilowatt hours', false],
      ['Ampere hours', false],
    ]);
    fireEvent.change(screen.getByRole('combobox', { name: 'Unit' }), { target: { value: 'Ah' } });
    expect(current.unit).toBe('Ah');
    // Once a value is chosen, a required select offers no way back to empty.
    expect(options().map((o) => o.textContent)).toEqual(['Kilowatt hours', 'Ampere hours']);
  });

  it('lets an optional select be emptied again through its placeholder', () => {
    renderWithProviders(<UnitForm unit="kWh" clearable />);
    fireEvent.change(screen.getByRole('combobox', { name: 'Unit' }), { target: { value: '' } });
    expect(current.unit).toBeNull();
  });

  it('read-only, shows only the chosen value', () => {
    renderWithProviders(<UnitForm unit="Ah" readOnly />);
    expect(options().map((o) => o.textContent)).toEqual(['Ampere hours']);
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Unit' }).value).toBe('Ah');
    // No chevron promises a choice that is not there.
    expect(screen.getByRole('combobox', { name: 'Unit' }).parentElement!.querySelector('svg')).toBeNull();
  });

  it('open to a choice, shows the chevron', () => {
    renderWithProviders(<UnitForm unit="Ah" />);
    expect(screen.getByRole('combobox', { name: 'Unit' }).parentElement!.querySelector('svg')).not.toBeNull();
  });
});
