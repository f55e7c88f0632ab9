import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@/test/render';
import { isolateWizardTests } from '@/test/start-wizard';
import type { FormResolver } from '../lib/form-resolver';
import { useWizardStore } from '../stores/wizard-store';
import { useStepForm } from './use-step-form';

isolateWizardTests();

type Values = { name: string; comments: string };

const resolver: FormResolver<Values, Values> = Object.assign(async (values: Values) => ({ values, errors: {} }), { preload: () => undefined });

let step: ReturnType<typeof useStepForm<Values, Values>> | undefined;
let suggest: (name: string) => void = () => undefined;

/** Like the general tab: the suggested name goes into the field and into the values the tab starts from. */
function GeneralLikeTab() {
  const [suggested, setSuggested] = useState('');
  const current = useStepForm<Values, Values>({
    tab: 'general',
    installation: null,
    fleet: 'sono',
    defaultValues: { name: suggested, comments: '' },
    resolver,
    toRequest: (body) => ({ endpoint: 'create', body: { ...body, fleet: 'sono' } }) as never,
    isReadOnly: false,
  });
  step = current;
  suggest = (name) => {
    current.suggestValue('name', name);
    setSuggested(name);
  };
  return <input aria-label="Name" {...current.form.register('name')} />;
}

const isDirty = () => useWizardStore.getState().activeForm?.isDirty();

describe('a value suggested to the form', () => {
  it('counts as unchanged from the moment it is in the field, so leaving asks nothing', async () => {
    renderWithProviders(<GeneralLikeTab />);
    await waitFor(() => expect(step?.isDraftLoaded).toBe(true));
    expect(isDirty()).toBe(false);

    act(() => {
      suggest('Bus 4714 Betriebshof');
      // A tap handled before React renders again finds nothing unsaved.
      expect(step!.form.getValues('name')).toBe('Bus 4714 Betriebshof');
      expect(isDirty()).toBe(false);
    });
    expect(isDirty()).toBe(false);

    // What the installer types over it is theirs, and unsaved.
    act(() => step!.form.setValue('name', 'Bus 4720 Betriebshof', { shouldDirty: true }));
    expect(isDirty()).toBe(true);
  });
});
