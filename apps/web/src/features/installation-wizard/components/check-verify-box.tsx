import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';

type CheckVerifyBoxProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The device, for the accessible name. */
  device: string;
  disabled: boolean;
  error?: string;
  /** In the table a short label: its column header says what it is about. */
  isCompact: boolean;
  testId: string;
};

/** The installer's tick that they saw the result: a whole card is the target, at least 44 px high. */
export function CheckVerifyBox({ checked, onChange, device, disabled, error, isCompact, testId }: CheckVerifyBoxProps) {
  const { t } = useTranslation();
  const errorId = `${testId}-error`;
  return (
    <Stack gap={4}>
      <Checkbox.Card
        checked={checked}
        onChange={onChange}
        disabled={disabled}
        radius="md"
        withBorder
        aria-label={t('wizard.digitalCheck.verifyLabel', { device })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-testid={testId}
        style={{
          minHeight: 44,
          minWidth: 44,
          padding: '9px 12px',
          opacity: disabled ? 0.5 : undefined,
          cursor: disabled ? 'not-allowed' : undefined,
          borderColor: error ? 'var(--mantine-color-error)' : undefined,
        }}
      >
        <Group gap="sm" wrap="nowrap">
          <Checkbox.Indicator size="md" disabled={disabled} />
          <Text size="md" style={{ whiteSpace: isCompact ? 'nowrap' : undefined }}>
            {isCompact ? t('wizard.digitalCheck.verifyShort') : t('wizard.digitalCheck.verify')}
          </Text>
        </Group>
      </Checkbox.Card>
      {error && (
        <Text id={errorId} size="sm" c="var(--mantine-color-error)" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
