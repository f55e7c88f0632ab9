import type { FastifyBaseLogger } from 'fastify';

/** The longest wait between two discovery attempts. */
const MAX_RETRY_MS = 5 * 60_000;
const TIMEOUT_MS = 10_000;

/** Why a discovery answer cannot be used, or null when it names the endpoints sign-in needs. */
function problemOf(document: unknown, issuer: string): string | null {
  if (!document || typeof document !== 'object') return 'the answer is not a JSON object';
  const d = document as Record<string, unknown>;
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri'] as const) {
    if (typeof d[field] !== 'string') return `the answer has no ${field}`;
  }
  if (typeof d.issuer === 'string' && d.issuer.replace(/\/+$/, '') !== issuer) return `the answer names another issuer (${d.issuer})`;
  return null;
}

/**
 * The company identity provider's discovery, asked at start and again in the background until it
 * answers: company sign-in is offered only once it has, and the log says why it has not.
 */
export function watchOidcDiscovery(issuer: string, log: FastifyBaseLogger, { retryMs = 5_000 }: { retryMs?: number } = {}) {
  const url = `${issuer}/.well-known/openid-configuration`;
  let isReady = false;
  let timer: NodeJS.Timeout | null = null;
  let isStopped = false;
  let wait = retryMs;

  async function attempt(): Promise<void> {
    let problem: string | null;
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) problem = `it answered HTTP ${response.status}`;
      else {
        const text = await response.text();
        let document: unknown;
        try {
          document = JSON.parse(text);
        } catch {
          document = undefined;
        }
        problem = document === undefined ? 'the answer is not JSON' : problemOf(document, issuer);
      }
    } catch (error) {
      problem = `it could not be reached (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`;
    }
    if (isStopped) return;
    if (problem === null) {
      isReady = true;
      log.info({ issuer }, 'company sign-in (OIDC) is offered: discovery answered');
      return;
    }
    log.warn({ issuer, url, retryInMs: wait }, `company sign-in (OIDC) is not offered: the discovery at ${url} failed, ${problem}. Asking again in ${Math.round(wait / 1000)} s`);
    timer = setTimeout(() => void attempt(), wait);
    timer.unref();
    wait = Math.min(wait * 2, MAX_RETRY_MS);
  }

  const started = attempt();
  return {
    /** True once discovery has answered with a usable document. */
    get isReady() {
      return isReady;
    },
    /** The first attempt, for a start-up that wants to wait for it. */
    started,
    stop() {
      isStopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
