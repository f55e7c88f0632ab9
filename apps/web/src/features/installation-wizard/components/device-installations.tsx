import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight, IconDeviceMobile } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Installation } from '@portal/domain/installation';
import { useTranslation } from '@/lib/i18n';
import { installationKeys } from '@/lib/query-keys';
import type { WaitingChange } from '../hooks/use-waiting-items';
import { LOCAL_TABS, localInstallationIds } from '../lib/offline-create';

/**
 * Installations started on this device without a connection, which the server does not know yet: the
 * fleet's list cannot show them, so the home does, each with the way back into it. They leave once the
 * server created them (they are then in the list).
 */
export function DeviceInstallations({ fleet, changes }: { fleet: string; changes: WaitingChange[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const headingId = 'device-installations-title';
  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId} data-testid="device-installations">
      <div>
        <Title order={2} size="h3" id={headingId}>
          {t('wizard.offline.device.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('wizard.offline.device.intro')}
        </Text>
      </div>
      {localInstallationIds(changes, fleet).map((id) => {
        // The device's copy of it, kept since it was started here.
        const installation = queryClient.getQueryData<Installation>(installationKeys.detail(id));
        const name = installation?.name ?? t('wizard.offline.list.newInstallation');
        const tabs = changes.filter((change) => change.installation === id).map((change) => change.tab);
        // It opens where the installer left it: the furthest tab of it that waits.
        const tab = LOCAL_TABS.findLast((local) => tabs.includes(local)) ?? 'general';
        return (
          <Paper key={id} withBorder radius="md" p="sm" data-testid="device-installation">
            <Group justify="space-between" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 14rem', minWidth: 0 }}>
                <IconDeviceMobile size={22} aria-hidden style={{ flexShrink: 0 }} />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                    {name}
                  </Text>
                  {installation && (
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {installation.systemSerialNumber}
                    </Text>
                  )}
                  <Text size="sm" c="dimmed">
                    {t('wizard.offline.device.waiting', { count: tabs.length })}
                  </Text>
                </Stack>
              </Group>
              <Button
                component={Link}
                to={`/${fleet}/installations/${id}?tab=${tab}`}
                variant="light"
                rightSection={<IconArrowRight size={18} aria-hidden />}
                aria-label={t('wizard.offline.device.open', { name })}
                styles={{ root: { minHeight: 44 } }}
              >
                {t('wizard.offline.device.continue')}
              </Button>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
