import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { StepFooter } from './step-footer';

/** A step whose save never answers, as on a slow network. */
function SlowStep() {
  const [isSaving, setIsSaving] = useState(false);
  return <StepFooter onSave={() => setIsSaving(true)} onNext={() => setIsSaving(true)} isSaving={isSaving} />;
}

describe('StepFooter', () => {
  it.each([
    { pressed: 'step-next', other: 'step-save' },
    { pressed: 'step-save', other: 'step-next' },
  ])('shows the spinner on $pressed, the button that was pressed, while the step saves', ({ pressed, other }) => {
    renderWithProviders(<SlowStep />);
    fireEvent.click(screen.getByTestId(pressed));
    expect(screen.getByTestId(pressed).hasAttribute('data-loading')).toBe(true);
    expect(screen.getByTestId(other).hasAttribute('data-loading')).toBe(false);
    expect((screen.getByTestId(other) as HTMLButtonElement).disabled).toBe(true);
  });
});
