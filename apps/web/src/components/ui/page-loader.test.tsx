import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { PageLoader } from './page-loader';

describe('PageLoader', () => {
  it('announces the loading page in words, and the spinner carries no ARIA attribute its element may not have', () => {
    const { container } = renderWithProviders(<PageLoader />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    // A spinner is a plain span: a label on it is not allowed (axe: aria-prohibited-attr), so it is hidden instead.
    for (const element of container.querySelectorAll('[aria-label]')) expect(element.getAttribute('role')).not.toBeNull();
    expect(status.querySelector('[aria-hidden="true"]')).not.toBeNull();
  });
});
