import { Button, Stack } from '@mantine/core';
import { IconBrandGoogle, IconBrandWindows } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSignInSocial, type SocialProvider } from '../api/sign-in-social';
import { rememberPendingProvider } from '../lib/complete-redirect-sign-in';

type LoginSocialButtonsProps = {
  providers: readonly SocialProvider[];
  onError: (provider: SocialProvider) => void;
};

export function LoginSocialButtons({ providers, onError }: LoginSocialButtonsProps) {
  const { t } = useTranslation();
  const signIn = useSignInSocial();

  const start = (provider: SocialProvider) => {
    signIn.mutate(provider, {
      onSuccess: (url) => {
        // Only once the browser really leaves: the callback then names the right provider on failure.
        rememberPendingProvider(provider);
        window.location.assign(url);
      },
      onError: () => onError(provider),
    });
  };

  return (
    <Stack gap="sm">
      {providers.includes('google') && (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconBrandGoogle aria-hidden />}
          loading={signIn.isPending && signIn.variables === 'google'}
          disabled={signIn.isPending}
          onClick={() => start('google')}
        >
          {t('auth.login.google')}
        </Button>
      )}
      {providers.includes('microsoft') && (
        <Button
          variant="default"
          fullWidth
          leftSection={<IconBrandWindows aria-hidden />}
          loading={signIn.isPending && signIn.variables === 'microsoft'}
          disabled={signIn.isPending}
          onClick={() => start('microsoft')}
        >
          {t('auth.login.microsoft')}
        </Button>
      )}
    </Stack>
  );
}
