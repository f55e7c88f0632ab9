import { useEffect, useRef } from 'react';
import { Center, Loader, Stack, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { completeRedirectSignIn } from '@/features/auth/lib/complete-redirect-sign-in';

/** Where the email link and the social providers send the browser back to. */
export function LoginCallbackRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const hasStarted = useRef(false);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    void completeRedirectSignIn(search).then((result) => {
      if (result.ok) navigate('/', { replace: true });
      else navigate('/login', { replace: true, state: { loginError: result.error } });
    });
  }, [navigate, search]);

  return (
    <Center mih="100dvh">
      <Stack align="center" role="status" aria-live="polite">
        <Loader />
        <Text>{t('auth.callback.signingIn')}</Text>
      </Stack>
    </Center>
  );
}
