import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';

type SearchFieldProps = {
  label: string;
  placeholder: string;
  clearLabel: string;
  value: string;
  onChange: (text: string) => void;
  onClear: () => void;
  maxLength: number;
  isNarrow: boolean;
  /** On a wide screen: the least and the most the field takes of its row. */
  minWidth: number;
  maxWidth: number;
  testId: string;
};

/** The search box above a list: a clear button once something is typed; the full row on a narrow screen. */
export function SearchField({ label, placeholder, clearLabel, value, onChange, onClear, maxLength, isNarrow, minWidth, maxWidth, testId }: SearchFieldProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maxLength={maxLength}
      leftSection={<IconSearch aria-hidden size={20} />}
      rightSection={value ? <CloseButton size="lg" onClick={onClear} aria-label={clearLabel} /> : null}
      style={{ flex: 1, minWidth: isNarrow ? '100%' : minWidth }}
      maw={isNarrow ? undefined : maxWidth}
      data-testid={testId}
    />
  );
}
