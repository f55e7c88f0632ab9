import { useEffect, useSyncExternalStore } from 'react';
import { Affix, Button, Group, Paper, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import { applyUpdate, hasWaitingUpdate, registerServiceWorker, subscribeUpdate } from '@/lib/service-worker';

/**
 * Registers the service worker once the signed-in app has painted, and offers a new version with
 * "Reload to update". Inside the wizard it waits: a reload is never pushed on someone mid-form.
 */
export function UpdatePrompt({ isInWizard }: { isInWizard: boolean }) {
  const { t } = useTranslation();
  const isWaiting = useSyncExternalStore(subscribeUpdate, hasWaitingUpdate, () => false);

  useEffect(() => {
    void registerServiceWorker();
  }, []);

  if (!isWaiting || isInWizard) return null;
  return (
    <Affix position={{ bottom: 16, left: 16, right: 16 }} zIndex={1000}>
      <Paper withBorder shadow="md" p="sm" radius="md" maw={560} mx="auto" role="status" data-testid="update-prompt">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm">{t('nav.update.text')}</Text>
          <Button size="sm" leftSection={<IconRefresh size={18} aria-hidden />} onClick={applyUpdate}>
            {t('nav.update.reload')}
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
