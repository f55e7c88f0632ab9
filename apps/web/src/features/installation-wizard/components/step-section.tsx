import type { ReactNode } from 'react';
import { Title } from '@mantine/core';

type StepSectionProps = { title: ReactNode; /** The space below the heading. */ space?: 'xs' | 'sm'; children: ReactNode };

/** One part of a step under its own heading. */
export function StepSection({ title, space = 'sm', children }: StepSectionProps) {
  return (
    <section>
      <Title order={3} size="h4" mb={space}>
        {title}
      </Title>
      {children}
    </section>
  );
}
