import '@mantine/core/styles.css';
import '@/lib/i18n-all';
import { use } from 'react';
import { HashRouter } from 'react-router';
import { connectAuth } from './auth-bridge';
import { connectOfflineCache } from './offline-cache';
import { AppProvider } from './provider';
import { AppRoutes, navigateOutsideReact } from './router';

connectAuth(() => navigateOutsideReact('/login'));
// Before the first screen asks: offline, it opens with the last copy instead of a spinner.
const cacheRestored = connectOfflineCache();

export function App() {
  use(cacheRestored);
  return (
    <AppProvider>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProvider>
  );
}
