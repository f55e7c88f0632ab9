import { useId, useState } from 'react';
import { Box, Group, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { WizardTab } from '@portal/domain/installation';
import classes from './progress-dots.module.css';

type ProgressDotsProps = {
  tabs: readonly WizardTab[];
  current: WizardTab;
  reachable: Set<WizardTab>;
  onSelect: (tab: WizardTab) => void;
};

type StepState = 'current' | 'done' | 'open' | 'locked';

/**
 * The stepper: one dot and title per step; a step that is saved or open opens on tap, each in a target of
 * at least 44 px. Eight such targets side by side do not fit a phone: there the dots open a list of the steps.
 */
export function ProgressDots({ tabs, current, reachable, onSelect }: ProgressDotsProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [isListOpen, setListOpen] = useState(false);
  const index = tabs.indexOf(current);
  const isCompact = useMediaQuery('(max-width: 30em)', false, { getInitialValueInEffect: false });
  const stateOf = (tab: WizardTab, i: number): StepState => (tab === current ? 'current' : reachable.has(tab) ? (i < index ? 'done' : 'open') : 'locked');
  const progress = t('wizard.stepper.progress', { current: index + 1, total: tabs.length });

  const steps = (layout: 'row' | 'list') => (
    <ol className={classes.list} data-layout={layout} id={layout === 'list' ? listId : undefined} data-testid={`stepper-${layout}`}>
      {tabs.map((tab, i) => {
        const state = stateOf(tab, i);
        const title = t(`solar.installation.tabs.${tab}`);
        return (
          <li key={tab}>
            <UnstyledButton
              className={classes.target}
              data-layout={layout}
              data-state={state}
              onClick={() => {
                setListOpen(false);
                onSelect(tab);
              }}
              disabled={state === 'locked' || state === 'current'}
              aria-current={state === 'current' ? 'step' : undefined}
              aria-label={t('wizard.stepper.goTo', { tab: title, index: i + 1 })}
              data-testid={`dot-${tab}`}
            >
              <Box className={classes.dot} data-state={state} />
              <span className={classes.title} aria-hidden>
                {layout === 'list' ? `${i + 1}. ${title}` : title}
              </span>
            </UnstyledButton>
          </li>
        );
      })}
    </ol>
  );

  if (isCompact) {
    return (
      <Box component="nav" aria-label={t('wizard.stepper.label')}>
        <UnstyledButton
          className={classes.toggle}
          onClick={() => setListOpen((open) => !open)}
          aria-expanded={isListOpen}
          aria-controls={isListOpen ? listId : undefined}
          data-testid="stepper-toggle"
        >
          <Group gap={10} wrap="nowrap" aria-hidden>
            {tabs.map((tab, i) => (
              <Box key={tab} className={classes.dot} data-state={stateOf(tab, i)} />
            ))}
          </Group>
          <Text component="span" size="sm" c="dimmed" aria-live="polite">
            {progress}
          </Text>
          <Group component="span" gap={2} wrap="nowrap" className={classes.toggleLabel}>
            <Text component="span" size="sm" fw={600}>
              {t('wizard.stepper.allSteps')}
            </Text>
            <IconChevronDown size={18} aria-hidden className={classes.chevron} data-open={isListOpen || undefined} />
          </Group>
        </UnstyledButton>
        {isListOpen && steps('list')}
      </Box>
    );
  }
  return (
    <Box component="nav" aria-label={t('wizard.stepper.label')} className={classes.row}>
      {steps('row')}
      <Text size="sm" c="dimmed" aria-live="polite" className={classes.srProgress}>
        {progress}
      </Text>
    </Box>
  );
}
