import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '@/lib/i18n';
import spinner from '@/components/ui/spinner.module.css';
import { subscribeToWindow } from '@/lib/window-events';
import classes from './root.module.css';

const LoginPage = lazy(() => import('@/features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const VerifyPage = lazy(() => import('@/features/verify/components/verify-page').then((m) => ({ default: m.VerifyPage })));
const App = lazy(() => import('./app').then((m) => ({ default: m.App })));

/** `#/verify/{code}`: the public page a report's QR code opens. */
export function isVerifyHash(hash: string): boolean {
  return /^#\/verify\//.test(hash);
}

/** `#/login`, with or without a query, but not `#/login/callback`. */
export function isLoginHash(hash: string): boolean {
  return /^#\/login(?:\?|$)/.test(hash);
}

const subscribe = subscribeToWindow('hashchange', 'popstate');

function StartupLoader() {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" className={classes.loader}>
      <span className={spinner.spinner} aria-label={t('app.loading')} role="img" />
    </div>
  );
}

/**
 * The first split: a page load on #/login shows the login page on its own (React and the texts
 * only), and so does the public verification page #/verify/{code}; any other page loads the app with its router and component library. Once the app is
 * there it stays: its router renders the same login page for #/login, with the reason it got there.
 */
export function Root() {
  const page = useSyncExternalStore(subscribe, () => (isLoginHash(window.location.hash) ? 'login' : isVerifyHash(window.location.hash) ? 'verify' : 'app'));
  const [hasApp, setHasApp] = useState(page === 'app');
  if (page === 'app' && !hasApp) setHasApp(true);
  return <Suspense fallback={<StartupLoader />}>{hasApp ? <App /> : page === 'verify' ? <VerifyPage /> : <LoginPage />}</Suspense>;
}
