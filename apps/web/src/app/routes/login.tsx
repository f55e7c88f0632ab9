import { Box, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LegalFooter } from '@/components/ui/legal-footer';
import { LocaleSwitch } from '@/components/ui/locale-switch';
import { LoginPanel } from '@/features/auth/components/login-panel';
import type { LoginErrorKey } from '@/features/auth/lib/login-errors';
import { takeSessionResumeChance, tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';

type LoginLocationState = { from?: unknown; loginError?: LoginErrorKey } | null;

/** Only a path inside the app, never the auth routes themselves. */
function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from.startsWith('/login') || from.startsWith('/logout')) return '/';
  return from;
}

export function LoginRoute() {
  const { t } = useTranslation();
  const location = useLocation();
  const state = location.state as LoginLocationState;
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);

  // A session cookie may already exist (signed in in another tab, or the stored flag was lost):
  // use it instead of asking for another email.
  useEffect(() => {
    if (isLoggedIn || !takeSessionResumeChance()) return;
    let isActive = true;
    tokenManager
      .refresh()
      .then((token) => {
        if (token && isActive) useAuthStore.getState().signIn();
      })
      .catch(() => {});
    return () => {
      isActive = false;
    };
  }, [isLoggedIn]);

  if (isLoggedIn) return <Navigate to={returnPath(state?.from)} replace />;

  return (
    <Stack mih="100dvh" gap={0} bg="gray.0">
      <Group justify="space-between" px="md" py="sm" wrap="nowrap">
        <Box>
          <Text fw={700} c="blue.9" size="lg">
            {t('app.brand')}
          </Text>
          <Title order={2} size="h5" fw={500}>
            {t('app.title')}
          </Title>
        </Box>
        <LocaleSwitch />
      </Group>
      <Center component="main" flex={1} px="md" py="xl">
        <LoginPanel initialError={state?.loginError ?? null} />
      </Center>
      <LegalFooter />
    </Stack>
  );
}
