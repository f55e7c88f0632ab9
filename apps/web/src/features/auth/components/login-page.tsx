import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { LegalFooter } from '@/components/ui/legal-footer';
import { LocaleSwitch } from '@/components/ui/locale-switch';
import type { LoginErrorKey } from '../lib/login-errors';
import { endPendingSignOut } from '../lib/pending-sign-out';
import { takeSessionResumeChance, tokenManager } from '../lib/session';
import { useAuthStore } from '../stores/auth-store';
import { LoginPanel } from './login-panel';
import frame from '@/components/ui/public-page.module.css';
import classes from './login.module.css';

/** Only a path inside the app, never the auth routes themselves. */
export function returnPath(from: unknown): string {
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from.startsWith('/login') || from.startsWith('/logout')) return '/';
  return from;
}

type LoginPageProps = {
  /** Where the installer was going when the session was missing (kept in memory only). */
  from?: unknown;
  /** An error carried over from a failed redirect sign-in. */
  loginError?: LoginErrorKey | null;
};

/**
 * #/login. It runs without the router and the component library, so the first page loads fast on a
 * weak connection; once signed in, the hash change hands over to the app.
 */
export function LoginPage({ from, loginError = null }: LoginPageProps) {
  const { t } = useTranslation();
  const isLoggedIn = useAuthStore((s) => s.isLoggedIn);

  // A logout that found no network ends its server session here as soon as the network is back.
  useEffect(() => {
    const end = () => void endPendingSignOut();
    end();
    window.addEventListener('online', end);
    return () => window.removeEventListener('online', end);
  }, []);

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

  useEffect(() => {
    if (isLoggedIn) window.location.replace(`#${returnPath(from)}`);
  }, [isLoggedIn, from]);

  if (isLoggedIn) return null;

  return (
    <div className={frame.page}>
      <header className={frame.header}>
        <div>
          <p className={`${frame.brand} ${classes.brand}`}>{t('app.brand')}</p>
          <p className={classes.product}>{t('app.title')}</p>
        </div>
        <LocaleSwitch />
      </header>
      <main className={`${frame.main} ${classes.main}`}>
        <LoginPanel initialError={loginError} />
      </main>
      <LegalFooter />
    </div>
  );
}
