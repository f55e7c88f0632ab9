import { Autocomplete } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useMergedRef } from '@mantine/hooks';
import { handOver, type CityFieldProps } from './city-field';

/** The city with up to five suggestions from the places service under it. */
export function CityAutocomplete({ ref, suggestions, ...props }: CityFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const refs = useMergedRef(ref, input);
  useEffect(() => {
    // Typing goes on where it was when the plain field gave way to this one.
    if (!handOver.isFocused || !input.current) return;
    handOver.isFocused = false;
    const end = input.current.value.length;
    input.current.focus();
    input.current.setSelectionRange(end, end);
  }, []);
  return (
    <Autocomplete
      {...props}
      ref={refs}
      data={suggestions}
      filter={({ options: found }) => found}
      limit={5}
      autoComplete="off"
      size="lg"
      comboboxProps={{ withinPortal: true }}
    />
  );
}
