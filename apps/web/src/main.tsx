import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import '@/lib/i18n';
import { App } from '@/app/app';
import { connectAuth } from '@/app/auth-bridge';
import { navigateOutsideReact } from '@/app/router';

connectAuth(() => navigateOutsideReact('/login'));

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
