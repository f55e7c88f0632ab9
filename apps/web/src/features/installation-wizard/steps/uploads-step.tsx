import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCpu, IconFileText, IconInfoCircle, IconSolarPanel } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StepFooter } from '../components/step-footer';
import type { StepProps } from '../components/step-props';

const SLOTS = [
  { key: 'pvModules', icon: IconSolarPanel, isRequired: true, rules: 'imageRules' },
  { key: 'telematicsMcu', icon: IconCpu, isRequired: true, rules: 'imageRules' },
  { key: 'other', icon: IconFileText, isRequired: false, rules: 'otherRules' },
] as const;

/** What the uploads step records: three slots of files. Receiving files comes with the uploads API. */
export function UploadsStep({ isReadOnly, onNext }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Text>{t('wizard.uploads.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {SLOTS.map(({ key, icon: Icon, isRequired, rules }) => (
          <Paper key={key} withBorder radius="md" p="md" data-testid={`upload-slot-${key}`}>
            <Stack gap="sm">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                  <Icon size={26} />
                </ThemeIcon>
                <Badge color={isRequired ? 'red' : 'gray'} variant="light" size="lg">
                  {isRequired ? t('wizard.uploads.required') : t('wizard.uploads.optional')}
                </Badge>
              </Group>
              <Text fw={600} size="lg">
                {t(`wizard.uploads.slots.${key}.title`)}
              </Text>
              <Text>{t(`wizard.uploads.slots.${key}.text`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`wizard.uploads.${rules}`)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
      <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden />} title={t('wizard.uploads.noticeTitle')}>
        {t('wizard.uploads.notice')}
      </Alert>
      <StepFooter onNext={onNext} isReadOnly={isReadOnly} />
    </Stack>
  );
}
