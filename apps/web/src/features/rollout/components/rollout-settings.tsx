import { Group, NumberInput, Paper, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from '@/lib/i18n';
import { STALL_DAYS_MAX, STALL_DAYS_MIN } from '@portal/domain/rollout';
import type { Locale } from '@portal/domain/constants';
import { notify } from '@/lib/notify';
import { useRolloutSettings, useSaveRolloutSettings } from '../api/rollout-api';

/** A fleet admin's rollout settings: the fleet's stall days and their own weekly mail, in the language they use. */
export function RolloutSettingsPanel({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation();
  const settings = useRolloutSettings(slug, true);
  const save = useSaveRolloutSettings(slug);
  const locale: Locale = i18n.language === 'de' ? 'de' : 'en';
  const saved = () => notify(t, { message: t('rollout.settings.saved') });
  if (!settings.data) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="rollout-settings-title">
      <Title order={2} size="h3" id="rollout-settings-title" mb="sm">
        {t('rollout.settings.title')}
      </Title>
      <Group align="flex-end" gap="lg">
        <NumberInput
          key={settings.data.stallDays}
          label={t('rollout.settings.stallDays')}
          defaultValue={settings.data.stallDays}
          min={STALL_DAYS_MIN}
          max={STALL_DAYS_MAX}
          clampBehavior="strict"
          allowDecimal={false}
          w={{ base: '100%', sm: 420 }}
          onBlur={(e) => {
            const value = Number(e.currentTarget.value);
            if (Number.isInteger(value) && value !== settings.data.stallDays) save.mutate({ stallDays: value }, { onSuccess: saved });
          }}
          data-testid="rollout-stall-days"
        />
        <Switch
          label={t('rollout.settings.weeklyMail')}
          checked={settings.data.weeklyMail}
          disabled={save.isPending}
          onChange={(e) => save.mutate({ weeklyMail: e.currentTarget.checked, locale }, { onSuccess: saved })}
          data-testid="rollout-weekly-mail"
        />
      </Group>
      {save.isError && (
        <Text c="red.8" size="sm" mt="xs" role="alert">
          {save.error.message}
        </Text>
      )}
    </Paper>
  );
}
