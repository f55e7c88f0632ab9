import { useState } from 'react';
import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconGitCompare } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { WARNING_TEXT_COLOR } from '@/lib/contrast-colors';
import type { ConflictChoices, ConflictState } from '../hooks/use-step-form';

type ConflictChoiceProps<V> = {
  conflict: ConflictState<V>;
  /** A value as the field shows it (option labels instead of codes). */
  formatValue?: (path: string, value: unknown) => string | null;
  onApply: (choices: ConflictChoices) => void;
  isSaving: boolean;
};

/**
 * Someone else saved this tab first: for each field both changed, this device's value beside
 * theirs, one to pick. Fields only one side changed are already merged into the form.
 */
export function ConflictChoice<V>({ conflict, formatValue, onApply, isSaving }: ConflictChoiceProps<V>) {
  const { t } = useTranslation();
  // `partnerId` is labelled Partner; a row of a list (`controllers.0.…`) is named by its serial number.
  const fieldLabel = (path: string) => {
    const segments = path.split('.');
    const name = segments.at(-1)!.replace(/Id$/, '');
    const label = t(`wizard.labels.${name}` as 'wizard.labels.name');
    const rowAt = segments.findIndex((segment) => /^\d+$/.test(segment));
    if (rowAt < 0) return label;
    let row: unknown = conflict.theirs;
    for (const segment of segments.slice(0, rowAt + 1)) row = (row as Record<string, unknown> | undefined)?.[segment];
    const serial = (row as { serialNumber?: unknown } | undefined)?.serialNumber;
    return typeof serial === 'string' ? `${serial}: ${label}` : label;
  };
  const [choices, setChoices] = useState<ConflictChoices>({});
  const shown = (path: string, value: unknown) => {
    const formatted = formatValue?.(path, value);
    if (formatted) return formatted;
    if (value === null || value === undefined || value === '') return t('wizard.conflictChoice.empty');
    if (typeof value === 'boolean') return value ? t('wizard.conflictChoice.yes') : t('wizard.conflictChoice.no');
    return String(value);
  };
  return (
    <Alert
      color="orange"
      variant="light"
      c={WARNING_TEXT_COLOR}
      // The choice may be wider than a phone's text: let it wrap instead of pushing the box wider.
      styles={{ wrapper: { minWidth: 0 }, body: { minWidth: 0 } }}
      icon={<IconGitCompare aria-hidden />}
      title={t('wizard.conflictChoice.title')}
      role="region"
      aria-label={t('wizard.conflictChoice.title')}
      data-testid="conflict-choice"
    >
      <Stack gap="md">
        <Text size="sm">{t('wizard.conflictChoice.text')}</Text>
        {conflict.conflicts.map(({ path, mine, theirs }) => {
          const label = fieldLabel(path);
          return (
            <Radio.Group
              key={path}
              label={label}
              value={choices[path] ?? 'mine'}
              onChange={(value) => setChoices((current) => ({ ...current, [path]: value as 'mine' | 'theirs' }))}
              data-testid="conflict-field"
              data-path={path}
            >
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
                {(['mine', 'theirs'] as const).map((side) => (
                  <Radio.Card key={side} value={side} p="md" radius="md" mih={64} data-testid={`conflict-${side}`}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator size="md" />
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={700}>
                          {side === 'mine' ? t('wizard.conflictChoice.mine') : t('wizard.conflictChoice.theirs')}
                        </Text>
                        <Text size="md" style={{ overflowWrap: 'anywhere' }} data-testid={`conflict-${side}-value`}>
                          {shown(path, side === 'mine' ? mine : theirs)}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
              </SimpleGrid>
            </Radio.Group>
          );
        })}
        <Group justify="flex-end">
          <Button size="md" h="auto" mih={44} py={8} onClick={() => onApply(choices)} loading={isSaving} styles={{ label: { whiteSpace: 'normal' } }} data-testid="conflict-apply">
            {t('wizard.conflictChoice.apply')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
