import { TextInput } from '@mantine/core';
import { useEffect, useState, type ChangeEvent, type FocusEvent, type ReactNode, type Ref } from 'react';
import { afterNextPaint, deferredPart } from '@/lib/deferred-part';

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
 * The city as plain text until there are suggestions to show: suggestions come only once something is
 * typed, so the tab shows, and a phone lays it out, without the list and its positioning code. A field
 * that has the focus when the list takes its place keeps it, with the caret at the end.
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

const autocomplete = deferredPart(() => import('./city-autocomplete').then((m) => m.CityAutocomplete), PlainCityField);

/** The plain field, and from the first suggestions on the list (its code loads right after the tab is painted). */
export function CityInput(props: CityFieldProps) {
  const [isListShown, setListShown] = useState(false);
  if (!isListShown && props.suggestions.length > 0) setListShown(true);
  useEffect(() => afterNextPaint(autocomplete.preload), []);
  return isListShown ? <autocomplete.Component {...props} /> : <PlainCityField {...props} />;
}
