import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { WizardTab } from '@portal/domain/installation';
import classes from './progress-dots.module.css';

type ProgressDotsProps = {
  tabs: readonly WizardTab[];
  current: WizardTab;
  reachable: Set<WizardTab>;
  onSelect: (tab: WizardTab) => void;
};

/** One dot per step; a reachable step opens on tap (each dot sits in a 44 px target). */
export function ProgressDots({ tabs, current, reachable, onSelect }: ProgressDotsProps) {
  const { t } = useTranslation();
  const index = tabs.indexOf(current);
  // Eight 44 px targets do not fit a phone: there the dots only show progress; Back and Next move.
  const isCompact = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const stateOf = (tab: WizardTab, i: number) =>
    tab === current ? 'current' : reachable.has(tab) ? (i < index ? 'done' : 'open') : 'locked';
  if (isCompact) {
    return (
      <Group gap="xs" wrap="nowrap" align="center">
        <Group gap={10} wrap="nowrap" aria-hidden>
          {tabs.map((tab, i) => (
            <Box key={tab} className={classes.dot} data-state={stateOf(tab, i)} data-testid={`dot-${tab}`} />
          ))}
        </Group>
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('wizard.stepper.progress', { current: index + 1, total: tabs.length })}
        </Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" wrap="wrap" align="center" component="nav" aria-label={t('wizard.stepper.label')}>
      <Group gap={0} wrap="nowrap" component="ol" className={classes.list}>
        {tabs.map((tab, i) => {
          const isCurrent = tab === current;
          const isReachable = reachable.has(tab);
          const state = stateOf(tab, i);
          return (
            <li key={tab}>
              <UnstyledButton
                className={classes.target}
                onClick={() => onSelect(tab)}
                disabled={!isReachable || isCurrent}
                aria-current={isCurrent ? 'step' : undefined}
                aria-label={t('wizard.stepper.goTo', { tab: t(`solar.installation.tabs.${tab}`), index: i + 1 })}
                title={t(`solar.installation.tabs.${tab}`)}
                data-testid={`dot-${tab}`}
              >
                <Box className={classes.dot} data-state={state} />
              </UnstyledButton>
            </li>
          );
        })}
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('wizard.stepper.progress', { current: index + 1, total: tabs.length })}
      </Text>
    </Group>
  );
}
