import { useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowRight, IconDeviceMobile, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { Installation } from '@portal/domain/installation';
import { ConfirmDialog, confirmTexts } from '@/components/ui/confirm-dialog';
import { useTranslation } from '@/lib/i18n';
import { installationKeys } from '@/lib/query-keys';
import type { WaitingChange } from '../hooks/use-waiting-items';
import type { Refusal } from '../lib/draft-storage';
import { LOCAL_TABS, discardLocalInstallation, localInstallationIds } from '../lib/offline-create';
import { existingOf, refusalText } from '../lib/serial-refusals';
import { WRAPPING_BUTTON } from './wrapping-button';

type DeviceInstallationsProps = { fleet: string; userId: string; changes: WaitingChange[]; refusals: Refusal[] };

/**
 * Installations started on this device without a connection, which the server does not know yet: the
 * fleet's list cannot show them, so the home does, each with the way back into it. They leave once the
 * server created them (they are then in the list). One the server refused to create stays, with why,
 * the installation that has the system already, and a way to discard it from the device.
 */
export function DeviceInstallations({ fleet, userId, changes, refusals }: DeviceInstallationsProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // Kept while the dialog closes, so its text does not go blank during the transition.
  const [toDiscard, setToDiscard] = useState<{ id: number; name: string } | null>(null);
  const [isDiscardOpen, setDiscardOpen] = useState(false);
  const [isDiscarding, setDiscarding] = useState(false);
  const headingId = 'device-installations-title';

  const discard = async () => {
    if (!toDiscard) return;
    setDiscarding(true);
    try {
      await discardLocalInstallation(queryClient, userId, toDiscard.id);
    } finally {
      setDiscarding(false);
      setDiscardOpen(false);
    }
  };

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
      {localInstallationIds(changes, fleet, refusals).map((id) => {
        // The device's copy of it, kept since it was started here.
        const installation = queryClient.getQueryData<Installation>(installationKeys.detail(id));
        const refusal = refusals.find((refused) => refused.localId === id) ?? null;
        const name = refusal?.name ?? installation?.name ?? t('wizard.offline.list.newInstallation');
        const serialNumber = refusal?.serialNumber ?? installation?.systemSerialNumber;
        const tabs = changes.filter((change) => change.installation === id).map((change) => change.tab);
        // It opens where the installer left it: the furthest tab of it that waits.
        const tab = LOCAL_TABS.findLast((local) => tabs.includes(local)) ?? 'general';
        const existing = refusal && existingOf(refusal);
        const open = `/${fleet}/installations/${id}?tab=${tab}`;
        return (
          <Paper key={id} withBorder radius="md" p="sm" data-testid="device-installation">
            <Stack gap="sm">
              <Group justify="space-between" gap="sm">
                <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
                  <IconDeviceMobile size={22} aria-hidden style={{ flexShrink: 0 }} />
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                      {name}
                    </Text>
                    {serialNumber && (
                      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                        {serialNumber}
                      </Text>
                    )}
                    {!refusal && (
                      <Text size="sm" c="dimmed">
                        {t('wizard.offline.device.waiting', { count: tabs.length })}
                      </Text>
                    )}
                  </Stack>
                </Group>
                {!refusal && (
                  <Button
                    component={Link}
                    to={open}
                    variant="light"
                    rightSection={<IconArrowRight size={18} aria-hidden />}
                    aria-label={t('wizard.offline.device.open', { name })}
                    styles={{ root: { minHeight: 44 } }}
                  >
                    {t('wizard.offline.device.continue')}
                  </Button>
                )}
              </Group>
              {refusal && (
                <>
                  <Group gap="xs" wrap="nowrap" align="flex-start" role="status" data-testid="device-installation-refused">
                    <IconAlertTriangle size={20} color="var(--mantine-color-red-9)" aria-hidden style={{ flexShrink: 0 }} />
                    <Text size="sm" c="red.9">
                      <Text span inherit fw={700}>
                        {t('wizard.offline.device.refused')}
                      </Text>{' '}
                      {refusalText(t, refusal)}
                    </Text>
                  </Group>
                  <Group gap="sm">
                    {existing && (
                      <Button styles={WRAPPING_BUTTON} component={Link} to={`/${existing.fleet}/installations/${existing.installationId}`}>
                        {t(existing.status === 'completed' ? 'wizard.general.existing.view' : 'wizard.general.existing.continue', { name: existing.installationName })}
                      </Button>
                    )}
                    <Button styles={WRAPPING_BUTTON} component={Link} to={open} variant="default" aria-label={t('wizard.offline.device.showOf', { name })}>
                      {t('wizard.offline.device.show')}
                    </Button>
                    <Button
                      styles={WRAPPING_BUTTON}
                      variant="light"
                      color="red"
                      leftSection={<IconTrash size={18} aria-hidden />}
                      onClick={() => {
                        setToDiscard({ id, name });
                        setDiscardOpen(true);
                      }}
                      aria-label={t('wizard.offline.device.discardOf', { name })}
                    >
                      {t('wizard.offline.device.discard.confirm')}
                    </Button>
                  </Group>
                </>
              )}
            </Stack>
          </Paper>
        );
      })}
      <ConfirmDialog
        opened={isDiscardOpen}
        {...confirmTexts(t, 'wizard.offline.device.discard', { name: toDiscard?.name ?? '' })}
        isPending={isDiscarding}
        onConfirm={() => void discard()}
        onClose={() => setDiscardOpen(false)}
        testId="discard-device-installation"
        confirmTestId="discard-device-installation-confirm"
      />
    </Stack>
  );
}
