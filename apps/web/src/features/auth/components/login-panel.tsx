import { useState } from 'react';
import { Alert, Anchor, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { useAuthConfig } from '../api/get-auth-config';
import { useSendSignInEmail } from '../api/send-sign-in-email';
import { useSignInWithCode } from '../api/sign-in-with-code';
import type { SocialProvider } from '../api/sign-in-social';
import { codeSignInErrorKey, sendEmailErrorKey, socialErrorKey, type LoginErrorKey } from '../lib/login-errors';
import { tokenManager } from '../lib/session';
import { useAuthStore } from '../stores/auth-store';
import { LoginCodeForm } from './login-code-form';
import { LoginEmailForm } from './login-email-form';
import { LoginSocialButtons } from './login-social-buttons';

type LoginPanelProps = {
  /** An error carried over from a failed redirect sign-in. */
  initialError?: LoginErrorKey | null;
  /** Called once the session is ready; the signed-in state itself already leads away from the login. */
  onSignedIn?: () => void;
};

/** Email first; then the check-inbox step where the emailed code (or the link) completes sign-in. */
export function LoginPanel({ initialError = null, onSignedIn }: LoginPanelProps) {
  const { t, i18n } = useTranslation();
  const config = useAuthConfig();
  const sendEmail = useSendSignInEmail();
  const signInWithCode = useSignInWithCode();
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<LoginErrorKey | null>(initialError);
  const [hasResent, setHasResent] = useState(false);
  const [isFinishing, setIsFinishing] = useState(false);

  const language = i18n.resolvedLanguage === 'de' ? 'de' : 'en';
  const supportEmail = config.data?.supportEmail || SUPPORT_EMAIL;
  const providers: SocialProvider[] = [
    ...(config.data?.google ? (['google'] as const) : []),
    ...(config.data?.microsoft ? (['microsoft'] as const) : []),
  ];

  const requestEmail = (address: string, isResend: boolean) => {
    setError(null);
    setHasResent(false);
    sendEmail.mutate(
      { email: address, language },
      {
        onSuccess: () => {
          setEmail(address);
          setHasResent(isResend);
        },
        onError: (failure) => setError(sendEmailErrorKey(failure)),
      },
    );
  };

  const submitCode = (otp: string) => {
    if (!email) return;
    setError(null);
    setHasResent(false);
    signInWithCode.mutate(
      { email, otp },
      {
        onSuccess: async () => {
          setIsFinishing(true);
          const token = await tokenManager.refresh().catch(() => null);
          setIsFinishing(false);
          if (!token) {
            setError('errors.loggingIn.text');
            return;
          }
          useAuthStore.getState().signIn();
          onSignedIn?.();
        },
        onError: (failure) => setError(codeSignInErrorKey(failure)),
      },
    );
  };

  const onUseAnotherEmail = () => {
    setError(null);
    setHasResent(false);
    setEmail(null);
  };

  return (
    <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
      <Stack gap="lg">
        <div>
          <Title order={1} size="h2">
            {t('auth.login.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('auth.login.subtitle')}
          </Text>
        </div>

        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="login-error">
            {error === 'errors.loggingIn.text' ? `${t('errors.loggingIn.title')}: ${t(error)}` : t(error)}
          </Alert>
        )}

        {email === null ? (
          <>
            {config.data?.emailLink !== false && (
              <LoginEmailForm isSubmitting={sendEmail.isPending} onSubmit={(address) => requestEmail(address, false)} />
            )}
            {providers.length > 0 && (
              <>
                <Divider label={t('auth.login.or')} labelPosition="center" />
                <LoginSocialButtons providers={providers} onError={(provider) => setError(socialErrorKey(provider))} />
              </>
            )}
          </>
        ) : (
          <>
            <Alert color="blue" variant="light" icon={<IconMailOpened />} title={t('auth.login.checkInboxTitle')} data-testid="login-check-inbox">
              {t('auth.login.checkInboxText', { email })}
            </Alert>
            {hasResent && (
              <Text role="status" c="teal.9">
                {t('auth.login.resent')}
              </Text>
            )}
            <LoginCodeForm isSubmitting={signInWithCode.isPending || isFinishing} onSubmit={submitCode} />
            <Group justify="space-between" gap="sm">
              <Anchor component="button" type="button" onClick={onUseAnotherEmail} py="xs" mih={44}>
                {t('auth.login.useAnotherEmail')}
              </Anchor>
              <Anchor
                component="button"
                type="button"
                onClick={() => requestEmail(email, true)}
                disabled={sendEmail.isPending}
                py="xs"
                mih={44}
              >
                {t('auth.login.resend')}
              </Anchor>
            </Group>
          </>
        )}

        <Text size="sm" c="dimmed">
          {t('auth.login.help')} <Anchor href={`mailto:${supportEmail}`}>{supportEmail}</Anchor>
        </Text>
      </Stack>
    </Paper>
  );
}
