import { keepPreviousData, queryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * The query for one page of a list that the server searches and pages: the next page or search keeps the current rows
 * on screen until it arrives, so the list does not flash empty.
 */
export function pageQueryOptions<TData, TKey extends QueryKey>(queryKey: TKey, queryFn: (context: { signal: AbortSignal }) => Promise<TData>) {
  return queryOptions({ queryKey, queryFn, placeholderData: keepPreviousData });
}
