import '@mantine/core/styles.css';
import { use } from 'react';
import { appTextsReady } from '@/lib/i18n-lazy';
import { HashRouter } from 'react-router';
import { followPendingSignOut } from '@/features/auth/lib/pending-sign-out';
import { connectAuth } from './auth-bridge';
import { connectOfflineCache } from './offline-cache';
import { AppProvider } from './provider';
import { AppRoutes, navigateOutsideReact } from './router';

connectAuth(() => navigateOutsideReact('/login'));
// A logout that found no network ends the server session as soon as the network is back.
followPendingSignOut();
// Before the first screen asks: offline, it opens with the last copy instead of a spinner.
const cacheRestored = connectOfflineCache();
const textsReady = appTextsReady();

export function App() {
  use(cacheRestored);
  use(textsReady);
  return (
    <AppProvider>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProvider>
  );
}
