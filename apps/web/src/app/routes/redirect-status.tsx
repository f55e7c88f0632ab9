import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';

type Props = {
  /** What is happening, read out by screen readers too. */
  label: string;
  /** Runs once when the page opens (not again on a re-render or a development double mount). */
  run: () => void;
};

/** A page that only does one thing and then moves on (signing in, signing out), with a spinner meanwhile. */
export function RedirectStatus({ label, run }: Props) {
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    run();
  }, [run]);

  return (
    <Center mih="100dvh">
      <Stack align="center" role="status" aria-live="polite">
        <Loader />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
