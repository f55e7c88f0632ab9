import type { ReactNode } from 'react';
import { Box, Group, Pagination, Text } from '@mantine/core';

type ListPagerProps = {
  /** 'Showing 1–20 of 45', read out when it changes. */
  range: string;
  rangeTestId: string;
  /** Beside the range, such as a choice of the page size. */
  extra?: ReactNode;
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  isNarrow: boolean;
  labels: { nav: string; page: (page: number) => string; previous: string; next: string };
};

/** Below a list: which rows are shown, and the page buttons once there is more than one page. */
export function ListPager({ range, rangeTestId, extra, page, pageCount, onPageChange, isNarrow, labels }: ListPagerProps) {
  const rangeText = (
    <Text aria-live="polite" data-testid={rangeTestId}>
      {range}
    </Text>
  );
  return (
    <Group justify="space-between" gap="md" wrap="wrap">
      {extra ? (
        <Group gap="lg" wrap="wrap">
          {rangeText}
          {extra}
        </Group>
      ) : (
        rangeText
      )}
      {pageCount > 1 && (
        <Box component="nav" aria-label={labels.nav}>
          <Pagination
            total={pageCount}
            value={Math.min(page, pageCount)}
            onChange={onPageChange}
            size="xl"
            gap={isNarrow ? 4 : 8}
            siblings={isNarrow ? 0 : 1}
            boundaries={1}
            getItemProps={(item) => ({ 'aria-label': labels.page(item) })}
            getControlProps={(control) => {
              if (control === 'previous') return { 'aria-label': labels.previous };
              if (control === 'next') return { 'aria-label': labels.next };
              return {};
            }}
          />
        </Box>
      )}
    </Group>
  );
}
