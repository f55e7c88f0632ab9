import { useEffect, useState } from 'react';
import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from '@/lib/i18n';
import { signOutEverywhere } from '@/features/auth/lib/pending-sign-out';
import { clearLocalSession } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { readWaiting, waitingCounts, type WaitingItems } from '@/features/installation-wizard/hooks/use-waiting-items';
import { forgetUserOnDevice } from '@/features/installation-wizard/lib/forget-user';
import { useErrorStore } from '@/lib/error-store';
import { forgetQueryCaches } from '@/lib/query-persistence';
import { RedirectStatus } from './redirect-status';

/** Long labels (German) wrap instead of being cut off on a phone. */
const WRAPPING = { root: { height: 'auto', minHeight: 44, paddingBlock: 8 }, label: { whiteSpace: 'normal' as const, textAlign: 'center' as const } };

const hasWaiting = (items: WaitingItems) => items.changes.length + items.files.length > 0;

/**
 * SPEC §2 #/logout: end the session, forget everything local, go to / (which leads to the login).
 * What still waits on the device for the network is named first, with the choice to wait for it or
 * to discard it. Online the server session ends at once; offline the device remembers the sign-out
 * and ends it before anything else once the network is back. Nothing of the user stays readable.
 */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<WaitingItems | null>(null);
  const [isLeaving, setLeaving] = useState(false);
  const userId = useAuthStore((state) => state.user?.id ?? null);

  useEffect(() => {
    if (!userId) {
      setWaiting({ changes: [], files: [] });
      return;
    }
    let isActive = true;
    void readWaiting(userId).then((items) => isActive && setWaiting(items));
    return () => {
      isActive = false;
    };
  }, [userId]);

  const logOut = async () => {
    setLeaving(true);
    await signOutEverywhere();
    if (userId) await forgetUserOnDevice(userId);
    await forgetQueryCaches();
    clearLocalSession();
    queryClient.clear();
    useErrorStore.getState().clearError();
    navigate('/', { replace: true });
  };

  if (waiting && hasWaiting(waiting) && !isLeaving) {
    return (
      <Center mih="70dvh" p="md">
        <Paper withBorder radius="md" p="lg" maw={480} w="100%" data-testid="logout-waiting">
          <Stack gap="md">
            <Title order={1} size="h3">
              {t('auth.logout.waitingTitle')}
            </Title>
            <Text fw={700} data-testid="logout-waiting-count">
              {t('auth.logout.waitingCount', { items: waitingCounts(t, waiting) })}
            </Text>
            <Text>{t('auth.logout.waitingText')}</Text>
            <Button size="md" styles={WRAPPING} leftSection={<IconClockHour4 aria-hidden />} onClick={() => void navigate(-1)} data-testid="logout-wait">
              {t('auth.logout.wait')}
            </Button>
            <Button size="md" styles={WRAPPING} variant="light" color="red" leftSection={<IconTrash aria-hidden />} onClick={() => void logOut()} data-testid="logout-discard">
              {t('auth.logout.discard')}
            </Button>
          </Stack>
        </Paper>
      </Center>
    );
  }
  return <RedirectStatus label={t('auth.logout.signingOut')} run={waiting ? () => void logOut() : () => undefined} key={waiting ? 'run' : 'checking'} />;
}
