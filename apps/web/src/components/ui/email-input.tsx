import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

/**
 * An email address field: the phone's email keyboard, no capitals or spelling fixes, required.
 * `autoComplete` defaults to the user's own address; pass "off" where someone else's is typed.
 */
export function EmailInput({ ref, autoComplete = 'email', ...props }: TextInputProps & { ref?: Ref<HTMLInputElement> }) {
  return <TextInput ref={ref} type="email" inputMode="email" autoCapitalize="none" spellCheck={false} required autoComplete={autoComplete} {...props} />;
}
