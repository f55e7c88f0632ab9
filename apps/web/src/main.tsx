import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import 'virtual:theme-variables.css';
import '@/lib/csp-nonce';
import '@/lib/schema-config';
import '@/lib/i18n';
import { boot } from '@/app/boot';
import { Root } from '@/app/root';

boot(window.location.hash);

const container = document.getElementById('root');
if (!container) throw new Error('index.html lacks #root');

createRoot(container).render(
  <StrictMode>
    <Root />
  </StrictMode>,
);
