import '@mantine/core/styles.css';
import '@/lib/i18n-all';
import { HashRouter } from 'react-router';
import { connectAuth } from './auth-bridge';
import { AppProvider } from './provider';
import { AppRoutes, navigateOutsideReact } from './router';

connectAuth(() => navigateOutsideReact('/login'));

export function App() {
  return (
    <AppProvider>
      <HashRouter>
        <AppRoutes />
      </HashRouter>
    </AppProvider>
  );
}
