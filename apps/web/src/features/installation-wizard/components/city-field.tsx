import { TextInput } from '@mantine/core';
import type { ChangeEvent, FocusEvent, ReactNode, Ref } from 'react';
import { deferredPart } from '@/lib/deferred-part';

export type CityFieldProps = {
  ref: Ref<HTMLInputElement>;
  name: string;
  value: string;
  onChange: (value: string | ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  label: string;
  description: ReactNode;
  error?: string;
  /** Place names matching what was typed, from the places service. */
  suggestions: string[];
  disabled?: boolean;
  'data-testid'?: string;
};

/** Whether the plain field had the focus when the suggestions list replaced it. */
export const handOver = { isFocused: false };

/**
 * The city as plain text until the suggestions list has loaded (right after the tab is painted):
 * suggestions come only once something is typed, so the tab shows without the list's positioning
 * code. A field that has the focus when the list arrives keeps it, with the caret at the end.
 */
function PlainCityField({ suggestions: _, onBlur, ...props }: CityFieldProps) {
  return (
    <TextInput
      {...props}
      autoComplete="off"
      size="lg"
      onFocus={() => (handOver.isFocused = true)}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        if (event.currentTarget.isConnected) handOver.isFocused = false;
        onBlur();
      }}
    />
  );
}

export const cityField = deferredPart(() => import('./city-autocomplete').then((m) => m.CityAutocomplete), PlainCityField);
