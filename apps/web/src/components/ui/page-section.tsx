import type { ReactNode } from 'react';
import { Stack, Text, Title } from '@mantine/core';

type Props = {
  title: string;
  /** The dimmed line under the title: the fleet, company or area the page belongs to. */
  subtitle?: ReactNode;
  children: ReactNode;
};

/** A signed-in page: its heading, the line saying whose page it is, then the content. */
export function PageSection({ title, subtitle, children }: Props) {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{title}</Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </div>
      {children}
    </Stack>
  );
}
