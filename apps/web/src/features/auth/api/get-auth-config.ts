import type { AuthConfig } from '@portal/domain/auth';
import { apiRequest } from '@/lib/api-client';

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object';
const provider = (value: unknown) => (isObject(value) && typeof value.clientId === 'string' ? { clientId: value.clientId } : null);

/**
 * Checked by hand (the login page loads no schema library): what is missing or malformed counts
 * as "not offered", so the page still shows the email form.
 */
export function readAuthConfig(body: unknown): AuthConfig {
  const config = isObject(body) ? body : {};
  return {
    emailLink: config.emailLink !== false,
    google: provider(config.google),
    microsoft: provider(config.microsoft),
    oidc: isObject(config.oidc) && typeof config.oidc.label === 'string' && config.oidc.label !== '' ? { label: config.oidc.label } : null,
    supportEmail: typeof config.supportEmail === 'string' ? config.supportEmail : '',
    demo: config.demo === true,
  };
}

let pending: Promise<AuthConfig> | null = null;

/** What the server offers for sign-in; asked once per page load (a failure is asked again next time). */
export function getAuthConfig(): Promise<AuthConfig> {
  pending ??= apiRequest('/config.auth.json', { auth: false })
    .then(readAuthConfig)
    .catch((error: unknown) => {
      pending = null;
      throw error;
    });
  return pending;
}

/** For tests: forget the answer. */
export function resetAuthConfig(): void {
  pending = null;
}
