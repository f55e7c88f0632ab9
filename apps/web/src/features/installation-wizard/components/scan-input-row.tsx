import type { ComponentProps, ReactNode } from 'react';
import { Group } from '@mantine/core';
import { ScanButton } from './scan-button';

type ScanInputRowProps = ComponentProps<typeof ScanButton> & { input: ReactNode };

/** A field's input with the scan button beside it, the input taking the rest of the row. */
export function ScanInputRow({ input, ...scanButton }: ScanInputRowProps) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <div style={{ flex: 1, minWidth: 0 }}>{input}</div>
      <ScanButton {...scanButton} />
    </Group>
  );
}
