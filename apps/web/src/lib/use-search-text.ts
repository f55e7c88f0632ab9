import { useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';

/** How long typing pauses before a list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * A list's search box: the field answers every keystroke, `onSearch` (with the trimmed text) follows
 * once typing pauses, and clearing searches for nothing at once.
 */
export function useSearchText(onSearch: (q: string) => void, initialText = '') {
  const [searchText, setSearchText] = useState(initialText);
  const applySearch = useDebouncedCallback((text: string) => onSearch(text.trim()), SEARCH_DEBOUNCE_MS);
  const onSearchChange = (text: string) => {
    setSearchText(text);
    applySearch(text);
  };
  const clearSearch = () => {
    applySearch.cancel();
    setSearchText('');
    onSearch('');
  };
  return { searchText, setSearchText, onSearchChange, clearSearch };
}
