import { setNonce } from 'get-nonce';

/**
 * The per-page nonce the server wrote into `<meta property="csp-nonce">` (Vite's `html.cspNonce`).
 * Style elements created at run time carry it, so the Content-Security-Policy needs no
 * 'unsafe-inline' for styles.
 */
export function readStyleNonce(doc: Document = document): string | undefined {
  const meta = doc.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  // Browsers hide the attribute once the page is parsed; the property keeps the value.
  return meta?.nonce || meta?.getAttribute('nonce') || undefined;
}

export const styleNonce = typeof document === 'undefined' ? undefined : readStyleNonce();

// react-remove-scroll (Mantine's modals and menus) adds its style element through get-nonce.
if (styleNonce) setNonce(styleNonce);

/** For MantineProvider: without a nonce (tests, dev server) Mantine adds its styles without one. */
export const getStyleNonce: (() => string) | undefined = styleNonce ? () => styleNonce : undefined;
