import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import classes from './card-list.module.css';

type CardListProps = {
  /** The accessible name of the list. */
  label: string;
  /** No cards yet: `skeletonRows` placeholders of `skeletonHeight` px stand in. */
  isLoading: boolean;
  /** Marks the list busy (e.g. while the next page loads); the look of it is up to `className`. */
  isBusy?: boolean;
  skeletonRows: number;
  skeletonHeight: number;
  skeletonTestId?: string;
  isEmpty: boolean;
  emptyText: string;
  emptyTestId?: string;
  className?: string;
  /** The cards, one `ListCard` each. */
  children: ReactNode;
};

/** The narrow layout of a list (phones, portrait tablets): one card per row, placeholders while loading. */
export function CardList({ label, isLoading, isBusy, skeletonRows, skeletonHeight, skeletonTestId, isEmpty, emptyText, emptyTestId, className, children }: CardListProps) {
  if (isLoading) {
    return (
      <Stack gap="sm" aria-busy>
        {Array.from({ length: skeletonRows }, (_, index) => (
          <Skeleton key={index} height={skeletonHeight} radius="md" data-testid={skeletonTestId} />
        ))}
      </Stack>
    );
  }

  if (isEmpty) {
    return (
      <Paper withBorder radius="md" p="lg">
        <Text ta="center" c="dimmed" data-testid={emptyTestId}>
          {emptyText}
        </Text>
      </Paper>
    );
  }

  return (
    <Stack component="ul" gap="sm" className={className ? `${classes.list} ${className}` : classes.list} aria-label={label} aria-busy={isBusy}>
      {children}
    </Stack>
  );
}

type ListCardProps = Omit<ComponentPropsWithoutRef<'li'>, 'style'> & { children: ReactNode };

/** One row of a `CardList`; extra attributes (test ids, data-*) go on the list item. */
export function ListCard({ children, ...props }: ListCardProps) {
  return (
    <Paper component="li" withBorder radius="md" p="md" {...props}>
      <Stack gap="sm">{children}</Stack>
    </Paper>
  );
}

/** The labelled values of a card: labels in one column, values beside them. */
export function CardFields({ children }: { children: ReactNode }) {
  return <dl className={classes.fields}>{children}</dl>;
}
