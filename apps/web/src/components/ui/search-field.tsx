import { CloseButton, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { TextGroupsWith } from '@/lib/text-groups';
import type { useSearchText } from '@/lib/use-search-text';

/** A group of texts in the locale files with the field's `label` and `placeholder` and the clear button's label (`clear`). */
type SearchTextsKey = TextGroupsWith<'label'> & TextGroupsWith<'placeholder'> & TextGroupsWith<'clear'>;

type SearchFieldProps = {
  /** What the list's `useSearchText` returns: the text in the field, what typing and clearing do. */
  search: Pick<ReturnType<typeof useSearchText>, 'searchText' | 'onSearchChange' | 'clearSearch'>;
  /** Where the field's label, placeholder and clear button's label stand in the locale files. */
  texts: SearchTextsKey;
  maxLength: number;
  isNarrow: boolean;
  /** On a wide screen: the least and the most the field takes of its row. */
  width: { min: number; max: number };
  testId: string;
};

/** The search box above a list: a clear button once something is typed; the full row on a narrow screen. */
export function SearchField({ search: { searchText, onSearchChange, clearSearch }, texts, maxLength, isNarrow, width, testId }: SearchFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      type="search"
      label={t(`${texts}.label`)}
      placeholder={t(`${texts}.placeholder`)}
      value={searchText}
      onChange={(event) => onSearchChange(event.currentTarget.value)}
      maxLength={maxLength}
      leftSection={<IconSearch aria-hidden size={20} />}
      rightSection={searchText ? <CloseButton size="lg" onClick={clearSearch} aria-label={t(`${texts}.clear`)} /> : null}
      style={{ flex: 1, minWidth: isNarrow ? '100%' : width.min }}
      maw={isNarrow ? undefined : width.max}
      data-testid={testId}
    />
  );
}
