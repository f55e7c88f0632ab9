import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { fakeFetch } from '@/test/render';
import { tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { queryClient } from '@/lib/query-client';
import { isLoginHash, Root } from './root';

const authConfig = { emailLink: true, google: null, microsoft: null, supportEmail: 'help@example.com', demo: true };
const slow = { timeout: 5000 };

function start(hash: string) {
  window.location.hash = hash;
  const fake = fakeFetch({
    'GET /config.auth.json': { body: authConfig },
    'GET /api/auth/token': { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'No session' } },
  });
  vi.stubGlobal('fetch', fake.fetchFn);
  render(<Root />);
  return fake;
}

afterEach(() => {
  vi.unstubAllGlobals();
  tokenManager.clear();
  useAuthStore.getState().signOut();
  queryClient.clear();
  window.location.hash = '';
});

describe('isLoginHash', () => {
  it('matches the login page with or without a query, not its callback', () => {
    expect(isLoginHash('#/login')).toBe(true);
    expect(isLoginHash('#/login?from=x')).toBe(true);
    expect(isLoginHash('#/login/callback?error=x')).toBe(false);
    expect(isLoginHash('#/loginx')).toBe(false);
    expect(isLoginHash('#/sono/installations')).toBe(false);
    expect(isLoginHash('')).toBe(false);
  });
});

describe('Root', () => {
  it('opens #/login as the login page on its own', async () => {
    start('#/login');
    expect(await screen.findByRole('heading', { name: 'Sign in' }, slow)).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Contact and legal information' })).toBeTruthy();
  });

  it('sends a visitor without a session from an app page to the same login page', async () => {
    start('#/sono/installations');
    expect(await screen.findByRole('button', { name: 'Request email link' }, slow)).toBeTruthy();
  });

  it('leaves the login page for the app once the hash names another page', async () => {
    start('#/login');
    await screen.findByRole('heading', { name: 'Sign in' }, slow);
    window.location.hash = '#/login/callback?error=INVALID_TOKEN';
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    // The callback page of the app reports the failed link back on the login page.
    expect(await screen.findByText('Email link sign-in failed. Please request a new link.', undefined, slow)).toBeTruthy();
  });
});
