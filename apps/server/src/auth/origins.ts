import type { Env } from '../env';

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The origins the portal's own pages may come from: PUBLIC_URL's, and in demo mode on a loopback
 * address the same port under every loopback name (`localhost`, `127.0.0.1`, `[::1]`), so opening
 * the demo at another name of the same machine still signs in.
 */
export function ownOrigins(env: Pick<Env, 'publicUrl' | 'demo'>): string[] {
  const url = new URL(env.publicUrl);
  if (!env.demo || !LOOPBACK_HOSTS.includes(url.hostname)) return [url.origin];
  return LOOPBACK_HOSTS.map((host) => `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
}
