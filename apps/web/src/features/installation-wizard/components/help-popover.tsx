import { ActionIcon, Popover, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { WizardTab } from '@portal/domain/installation';

type HelpTab = Extract<WizardTab, 'setup' | 'uploads' | 'digitalCheck' | 'summary'>;

/** A short explanation of the tab, behind an info button. */
export function HelpPopover({ tab }: { tab: HelpTab }) {
  const { t } = useTranslation();
  const title = t(`solar.installation.tabs.${tab}`);
  return (
    <Popover width={340} position="bottom" withArrow shadow="md">
      <Popover.Target>
        <ActionIcon variant="light" radius="xl" aria-label={t('wizard.stepper.help', { tab: title })} data-testid="help-button">
          <IconInfoCircle aria-hidden />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm" data-testid="help-text">
          {t(`wizard.help.${tab}`)}
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
