import { Alert, Button, Group, List, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import type { MissingPart } from '@portal/domain/summary';
import { sortMissingParts } from '../lib/missing-parts';

/** What keeps the installation from being submitted, each with the way to the tab that records it. */
export function MissingPartsAlert({ missing }: { missing: readonly MissingPart[] }) {
  const { t } = useTranslation();
  const parts = sortMissingParts(missing);
  if (parts.length === 0) return null;
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('wizard.summary.missingTitle')} role="alert" data-testid="missing-parts">
      <Text size="sm" mb="sm">
        {t('wizard.summary.missingIntro')}
      </Text>
      <List spacing="sm" listStyleType="none" withPadding={false}>
        {parts.map(({ part, tab, message }) => (
          <List.Item key={part} data-testid="missing-part" data-part={part}>
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Text size="sm" fw={600} style={{ flex: '1 1 240px' }}>
                {t(`wizard.summary.missing.${message}`)}
              </Text>
              <Button
                component={Link}
                to={`?tab=${tab}`}
                variant="default"
                size="md"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                data-testid={`missing-go-${tab}`}
              >
                {t('wizard.summary.goTo', { tab: t(`solar.installation.tabs.${tab}`) })}
              </Button>
            </Group>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
