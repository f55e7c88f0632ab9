import { Checkbox, Fieldset, Paper, type MantineSpacing } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';

type ConfirmBoxProps = {
  confirmation: { checkbox: UseFormRegisterReturn; isConfirmed: boolean; error: string | undefined };
  label: string;
  disabled?: boolean;
  mt?: MantineSpacing;
  testId: string;
};

/** The installer's tick that registry data is right: large, and tinted once ticked. */
export function ConfirmBox({ confirmation, label, disabled, mt, testId }: ConfirmBoxProps) {
  return (
    <Fieldset variant="unstyled" disabled={disabled} p={0}>
      <Paper withBorder radius="md" p="md" mt={mt} bg={confirmation.isConfirmed ? 'blue.0' : undefined}>
        <Checkbox
          {...confirmation.checkbox}
          label={label}
          size="lg"
          error={confirmation.error}
          styles={{ body: { alignItems: 'center', minHeight: 44 }, label: { fontSize: 'var(--mantine-font-size-md)' } }}
          data-testid={testId}
        />
      </Paper>
    </Fieldset>
  );
}
