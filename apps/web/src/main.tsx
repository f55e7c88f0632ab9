import { startTransition, StrictMode } from 'react';
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

// Rendered as a transition, the first render yields to the browser every few milliseconds instead of
// holding a slow phone's main thread until the whole screen is built: a tap during it is not lost.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <Root />
    </StrictMode>,
  );
});
