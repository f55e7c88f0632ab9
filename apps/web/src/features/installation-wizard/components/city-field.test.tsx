import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { CityInput } from './city-field';

const props = { ref: null, name: 'city', label: 'City', description: 'Where the vehicle is based', onBlur: () => undefined, 'data-testid': 'city' };

describe('city field', () => {
  it('stays a plain field until there are suggestions, and keeps the focus and the caret when the list takes its place', async () => {
    let suggest: (places: string[]) => void = () => undefined;
    function Typed() {
      const [suggestions, setSuggestions] = useState<string[]>([]);
      suggest = setSuggestions;
      return <CityInput {...props} value="Mun" onChange={vi.fn()} suggestions={suggestions} />;
    }
    renderWithProviders(<Typed />);
    const plain = screen.getByRole<HTMLInputElement>('textbox', { name: 'City' });
    plain.focus();
    // Its code has loaded meanwhile (right after paint); without suggestions it is not shown.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('combobox', { name: 'City' })).toBeNull();
    act(() => suggest(['Munich, Bavaria, Germany']));
    const list = await screen.findByRole<HTMLInputElement>('combobox', { name: 'City' });
    await waitFor(() => expect(document.activeElement).toBe(list));
    expect(list.selectionStart).toBe(3);
    expect(list.value).toBe('Mun');
  });

  it('shows the suggestions under the field', async () => {
    renderWithProviders(<CityInput {...props} value="Mun" onChange={() => undefined} suggestions={['Munich, Bavaria, Germany', 'Münster, Germany']} />);
    const list = await screen.findByRole<HTMLInputElement>('combobox', { name: 'City' });
    fireEvent.click(list);
    expect(await screen.findByRole('option', { name: 'Munich, Bavaria, Germany' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Münster, Germany' })).toBeTruthy();
  });
});
