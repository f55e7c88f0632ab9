import type { ListStateProps } from '@/components/ui/list-state';

/** A list of partners with rows to show, for the tests of the list layouts (cards and table). */
export const partnersListState = {
  label: 'Partners',
  isLoading: false,
  skeletonTestId: 'partner-skeleton',
  isEmpty: false,
  emptyText: 'No partners yet.',
  emptyTestId: 'partners-empty',
} satisfies Omit<ListStateProps, 'skeletonRows'>;
