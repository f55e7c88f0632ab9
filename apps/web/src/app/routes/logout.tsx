import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { signOut } from '@/features/auth/api/sign-out';
import { clearLocalSession } from '@/features/auth/lib/session';
import { useErrorStore } from '@/lib/error-store';

/** SPEC §2 #/logout: end the session, forget everything local, go to / (which leads to the login). */
export function LogoutRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void signOut()
      // Signing out locally matters more than the server's answer (offline, session already gone).
      .catch(() => undefined)
      .finally(() => {
        clearLocalSession();
        queryClient.clear();
        useErrorStore.getState().clearError();
        navigate('/', { replace: true });
      });
  }, [navigate, queryClient]);

  return (
    <Center mih="100dvh">
      <Stack align="center" role="status" aria-live="polite">
        <Loader />
        <Text>{t('auth.logout.signingOut')}</Text>
      </Stack>
    </Center>
  );
}
