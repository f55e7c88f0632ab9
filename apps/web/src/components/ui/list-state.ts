/** What a list layout (cards or table) is told about its rows besides the rows themselves. */
export type ListStateProps = {
  /** The accessible name of the list. */
  label: string;
  /** No rows yet: `skeletonRows` placeholders stand in. */
  isLoading: boolean;
  /** Marks the list busy (e.g. while the next page loads); the look of it is up to `className`. */
  isBusy?: boolean;
  skeletonRows: number;
  skeletonTestId?: string;
  isEmpty: boolean;
  emptyText: string;
  emptyTestId?: string;
  className?: string;
};
