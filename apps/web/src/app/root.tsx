import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import spinner from '@/components/ui/spinner.module.css';
import classes from './root.module.css';

const LoginPage = lazy(() => import('@/features/auth/components/login-page').then((m) => ({ default: m.LoginPage })));
const App = lazy(() => import('./app').then((m) => ({ default: m.App })));

/** `#/login`, with or without a query, but not `#/login/callback`. */
export function isLoginHash(hash: string): boolean {
  return /^#\/login(?:\?|$)/.test(hash);
}

function subscribe(onChange: () => void) {
  window.addEventListener('hashchange', onChange);
  window.addEventListener('popstate', onChange);
  return () => {
    window.removeEventListener('hashchange', onChange);
    window.removeEventListener('popstate', onChange);
  };
}

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
 * only); any other page loads the app with its router and component library. Once the app is
 * there it stays: its router renders the same login page for #/login, with the reason it got there.
 */
export function Root() {
  const isLogin = useSyncExternalStore(subscribe, () => isLoginHash(window.location.hash));
  const [hasApp, setHasApp] = useState(!isLogin);
  if (!isLogin && !hasApp) setHasApp(true);
  return <Suspense fallback={<StartupLoader />}>{hasApp ? <App /> : <LoginPage />}</Suspense>;
}
