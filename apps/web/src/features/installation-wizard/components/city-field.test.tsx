import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { cityField } from './city-field';

const props = { ref: null, name: 'city', label: 'City', description: 'Where the vehicle is based', onBlur: () => undefined, 'data-testid': 'city' };

describe('city field', () => {
  it('can be typed into before its suggestions list has loaded, and keeps the focus and the caret when the list arrives', async () => {
    const onChange = vi.fn();
    renderWithProviders(<cityField.Component {...props} value="Mun" onChange={onChange} suggestions={[]} />);
    const plain = screen.getByRole<HTMLInputElement>('textbox', { name: 'City' });
    plain.focus();
    const list = await screen.findByRole<HTMLInputElement>('combobox', { name: 'City' });
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(list.selectionStart).toBe(3);
    expect(list.value).toBe('Mun');
  });

  it('shows the suggestions under the field', async () => {
    renderWithProviders(<cityField.Component {...props} value="Mun" onChange={() => undefined} suggestions={['Munich, Bavaria, Germany', 'Münster, Germany']} />);
    const list = await screen.findByRole<HTMLInputElement>('combobox', { name: 'City' });
    fireEvent.click(list);
    expect(await screen.findByRole('option', { name: 'Munich, Bavaria, Germany' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Münster, Germany' })).toBeTruthy();
  });
});
