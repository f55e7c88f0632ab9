import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A value the installer reads but cannot change (registry data). */
export function ReadOnlyValue({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="lg" fw={500} style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}
