import { useEffect, useState } from 'react';
import { IconAlertCircle, IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';
import type { AuthConfig } from '@portal/domain/auth';
import { SUPPORT_EMAIL } from '@portal/domain/constants';
import { Notice } from '@/components/ui/notice';
import { useIsOnline } from '@/lib/use-is-online';
import { getAuthConfig } from '../api/get-auth-config';
import { sendSignInEmail } from '../api/send-sign-in-email';
import { signInWithCode } from '../api/sign-in-with-code';
import { rememberFreshSignIn } from '../lib/fresh-sign-in';
import type { SocialProvider } from '../api/sign-in-social';
import { codeSignInErrorKey, publicUrlOf, sendEmailErrorKey, socialErrorKey, type LoginErrorKey } from '../lib/login-errors';
import { tokenManager } from '../lib/session';
import { useAuthStore } from '../stores/auth-store';
import { LoginCodeForm } from './login-code-form';
import { LoginEmailForm } from './login-email-form';
import { LoginSocialButtons } from './login-social-buttons';
import frame from '@/components/ui/public-page.module.css';
import classes from './login.module.css';

type LoginPanelProps = {
  /** An error carried over from a failed redirect sign-in. */
  initialError?: LoginErrorKey | null;
  /** Called once the session is ready; the signed-in state itself already leads away from the login. */
  onSignedIn?: () => void;
};

/** The sign-in options the server offers; until it answers (or when it cannot), the email form alone. Asked again when the connection comes back. */
function useAuthConfig(isOnline: boolean): AuthConfig | null {
  const [config, setConfig] = useState<AuthConfig | null>(null);
  useEffect(() => {
    if (!isOnline) return;
    let isActive = true;
    getAuthConfig().then(
      (answer) => isActive && setConfig(answer),
      () => undefined,
    );
    return () => {
      isActive = false;
    };
  }, [isOnline]);
  return config;
}

/** Email first; then the check-inbox step where the emailed code (or the link) completes sign-in. */
export function LoginPanel({ initialError = null, onSignedIn }: LoginPanelProps) {
  const { t, i18n } = useTranslation();
  const isOnline = useIsOnline();
  const config = useAuthConfig(isOnline);
  const [email, setEmail] = useState<string | null>(null);
  const [error, setError] = useState<LoginErrorKey | null>(initialError);
  /** PUBLIC_URL, when this page was opened at another address (the server names it). */
  const [publicUrl, setPublicUrl] = useState<string | null>(null);
  const [hasResent, setHasResent] = useState(false);
  const [isSending, setIsSending] = useState(false);
  const [isSigningIn, setIsSigningIn] = useState(false);

  const language = i18n.language;
  const supportEmail = config?.supportEmail || SUPPORT_EMAIL;
  const providers: SocialProvider[] = [
    ...(config?.oidc ? (['oidc'] as const) : []),
    ...(config?.google ? (['google'] as const) : []),
    ...(config?.microsoft ? (['microsoft'] as const) : []),
  ];

  const requestEmail = async (address: string, isResend: boolean) => {
    setError(null);
    setHasResent(false);
    setIsSending(true);
    try {
      await sendSignInEmail({ email: address, language });
      setEmail(address);
      setHasResent(isResend);
    } catch (failure) {
      setPublicUrl(publicUrlOf(failure));
      setError(sendEmailErrorKey(failure));
    } finally {
      setIsSending(false);
    }
  };

  const submitCode = async (otp: string) => {
    if (!email) return;
    setError(null);
    setHasResent(false);
    setIsSigningIn(true);
    try {
      await signInWithCode({ email, otp });
    } catch (failure) {
      setIsSigningIn(false);
      setError(codeSignInErrorKey(failure));
      return;
    }
    const token = await tokenManager.refresh().catch(() => null);
    setIsSigningIn(false);
    if (!token) {
      setError('errors.loggingIn.text');
      return;
    }
    rememberFreshSignIn();
    useAuthStore.getState().signIn();
    onSignedIn?.();
  };

  const onUseAnotherEmail = () => {
    setError(null);
    setHasResent(false);
    setEmail(null);
  };

  return (
    <section className={`${frame.card} ${classes.card}`} aria-labelledby="login-title">
      <div>
        <h1 id="login-title" className={frame.title}>
          {t('auth.login.title')}
        </h1>
        <p className={classes.subtitle}>{t('auth.login.subtitle')}</p>
      </div>

      {!isOnline && (
        <Notice tone="info" icon={<IconAlertCircle aria-hidden />} role="status" data-testid="login-offline">
          {t('auth.login.offline')}
        </Notice>
      )}

      {error && (
        <Notice tone="danger" icon={<IconAlertCircle aria-hidden />} role="alert" data-testid="login-error">
          {error === 'errors.loggingIn.text'
            ? `${t('errors.loggingIn.title')}: ${t(error)}`
            : t(error, { page: window.location.origin, publicUrl: publicUrl ?? '' })}
        </Notice>
      )}

      {email === null ? (
        <>
          {config?.emailLink !== false && <LoginEmailForm isSubmitting={isSending} onSubmit={(address) => void requestEmail(address, false)} />}
          {providers.length > 0 && (
            <>
              <div className={classes.divider} role="separator">
                {t('auth.login.or')}
              </div>
              <LoginSocialButtons providers={providers} oidcLabel={config?.oidc?.label} onError={(provider) => setError(socialErrorKey(provider))} />
            </>
          )}
        </>
      ) : (
        <>
          <Notice tone="info" icon={<IconMailOpened aria-hidden />} title={t('auth.login.checkInboxTitle')} data-testid="login-check-inbox">
            {t('auth.login.checkInboxText', { email })}
          </Notice>
          {hasResent && (
            <p role="status" className={classes.status}>
              {t('auth.login.resent')}
            </p>
          )}
          <LoginCodeForm isSubmitting={isSigningIn} onSubmit={(otp) => void submitCode(otp)} />
          <div className={classes.actions}>
            <button type="button" className={classes.link} onClick={onUseAnotherEmail}>
              {t('auth.login.useAnotherEmail')}
            </button>
            <button type="button" className={classes.link} onClick={() => void requestEmail(email, true)} disabled={isSending}>
              {t('auth.login.resend')}
            </button>
          </div>
        </>
      )}

      <p className={classes.small}>
        {t('auth.login.help')}{' '}
        <a className={classes.link} href={`mailto:${supportEmail}`}>
          {supportEmail}
        </a>
      </p>
    </section>
  );
}
