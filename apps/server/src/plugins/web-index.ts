import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

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
