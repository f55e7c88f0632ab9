import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ListStateProps } from './list-state';
import classes from './card-list.module.css';

type CardListProps = ListStateProps & {
  /** The height of a placeholder card, in px. */
  skeletonHeight: number;
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
export function CardFields({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={className ? `${classes.fields} ${className}` : classes.fields}>{children}</dl>;
}
