import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What the web build (Vite's `html.cspNonce`) writes where each page's nonce belongs. */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/**
 * Serves the single page at `/` with a nonce of its own in this response's Content-Security-Policy
 * and in place of the build's placeholder, so the styles the app adds at run time need no 'unsafe-inline'.
 */
export function registerWebIndex(app: FastifyInstance, webDist: string, pagePolicy: (nonce: string) => string) {
  const html = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const parts = html.split(CSP_NONCE_PLACEHOLDER);
  for (const url of ['/', '/index.html']) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) => {
      const nonce = randomBytes(16).toString('hex');
      return reply
        .header('content-security-policy', pagePolicy(nonce))
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(parts.join(nonce));
    });
  }
}

/**
 * The web build (`webDist`), when there is one: hashed assets cached for good, everything else
 * revalidated, and the single page through `registerWebIndex`.
 */
export const staticPlugin = fp(async (app: FastifyInstance, options: { webDist: string }) => {
  const { webDist } = options;
  if (!fs.existsSync(path.join(webDist, 'index.html'))) return;
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    // index.html is templated per response (its CSP nonce): registerWebIndex serves it.
    index: false,
    globIgnore: ['index.html', 'index.html.*'],
    // The build writes .br and .gz next to each asset; they are sent to browsers that accept them.
    preCompressed: true,
    setHeaders(res, file) {
      // Hashed assets never change; index.html must always be fresh.
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  registerWebIndex(app, webDist, app.pagePolicy);
});
