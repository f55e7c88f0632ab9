import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Browser features the portal's pages may use: only the camera, by the portal itself, for scanning
 * labels. Photos come through the file picker, which needs no permission.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'browsing-topics',
  'display-capture',
  'encrypted-media',
  'fullscreen',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'local-fonts',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .concat('camera=(self)')
  .join(', ');

/** What stands in for the nonce in the page's policy until a response fills in its own. */
const NONCE = '__PAGE_NONCE__';

const cspDirectives = (nonce?: string) => ({
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the label scanner compile its WebAssembly reader (served from this
  // origin, loaded only when a scan starts); it allows no eval() of script.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'", ...(nonce ? [`'nonce-${nonce}'`] : [])],
  // Style elements Mantine adds at run time carry the page's nonce (see plugins/external/static.ts).
  styleSrc: ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])],
  imgSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  // The service worker (/sw.js) and the image compression worker; the web app manifest.
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
  upgradeInsecureRequests: null,
});

/** The headers helmet would set with these options, captured once instead of built per request. */
function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | string[]) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * What an API answer (JSON, a file, a download) needs: nothing in it may run, be framed or be read
 * by another origin. The page's long policy and Permissions-Policy govern documents that run
 * script; an answer under this CSP runs none, so they would only add about a kilobyte to each
 * answer, which a phone on a slow link pays for every call.
 */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * The security headers: helmet's set with a strict CSP, no referrer and the Permissions-Policy
 * above for the pages (`headers`), and a short set for the API's answers (`apiHeaders`). They never
 * change while the process runs, so they are computed once; only the single page's policy gets a
 * fresh nonce per response (`pagePolicy`).
 */
export function securityHeaders(options: { hsts: boolean }) {
  const base: HelmetOptions = {
    referrerPolicy: { policy: 'no-referrer' },
    hsts: options.hsts ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
  const headers: Record<string, string> = { ...headersOf({ ...base, contentSecurityPolicy: { directives: cspDirectives() } }), 'permissions-policy': PERMISSIONS_POLICY };
  const pageParts = headersOf({ contentSecurityPolicy: { directives: cspDirectives(NONCE) } })['content-security-policy']!.split(NONCE);
  const apiHeaders: Record<string, string> = {
    'content-security-policy': API_CSP,
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(headers['strict-transport-security'] ? { 'strict-transport-security': headers['strict-transport-security'] } : {}),
  };
  return {
    headers,
    apiHeaders,
    /** The CSP of one delivery of the single page, allowing scripts and styles with this nonce. */
    pagePolicy: (nonce: string) => pageParts.join(nonce),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The CSP of one delivery of the single page (see `securityHeaders`). */
    pagePolicy: (nonce: string) => string;
  }
}

/** Answers of the API, except its documentation's pages, which are documents with script. */
const isApiAnswer = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/** Sends the security headers with every answer, errors and 404s included. */
export const helmetPlugin = fp(async (app: FastifyInstance) => {
  const security = securityHeaders({ hsts: app.env.publicUrl.startsWith('https://') });
  app.decorate('pagePolicy', security.pagePolicy);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiAnswer(request.url) ? security.apiHeaders : security.headers);
    done();
  });
});
