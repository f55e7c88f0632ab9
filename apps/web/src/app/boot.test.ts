import { afterEach, describe, expect, it, vi } from 'vitest';
import { getInstallations } from '@/features/installations/api/get-installations';
import { getInstallation } from '@/features/installation-wizard/api/get-installation';
import { apiRequest, configureApiAuth, resetApiAuth } from '@/lib/api-client';
import { installationDetailPath, installationListPath, RECENT_INSTALLATIONS } from '@portal/domain/installation-list';
import { isSignedInOnThisDevice, startBootRequests } from '@/lib/boot-requests';
import { planOfHash } from './boot';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  resetApiAuth();
});

describe('boot', () => {
  it('reads the screen a hash opens', () => {
    expect(planOfHash('#/sono')).toEqual({ isApp: true, fleet: 'sono', screen: 'home', installationId: null });
    expect(planOfHash('#/sono/')).toEqual({ isApp: true, fleet: 'sono', screen: 'home', installationId: null });
    expect(planOfHash('#/sono/installations/12?tab=vehicle')).toEqual({ isApp: true, fleet: 'sono', screen: 'installation', installationId: 12 });
    expect(planOfHash('#/sono/installations/new')).toEqual({ isApp: true, fleet: 'sono', screen: 'installation', installationId: null });
    // Beyond PostgreSQL's integer: no row, so nothing is asked for early; the wizard says 'not found'.
    expect(planOfHash('#/sono/installations/99999999999')).toEqual({ isApp: true, fleet: 'sono', screen: 'installation', installationId: null });
    expect(planOfHash('#/sono/installations?page=2')).toEqual({ isApp: true, fleet: 'sono', screen: 'installations', installationId: null });
    expect(planOfHash('#/sono/partners')).toEqual({ isApp: true, fleet: 'sono', screen: null, installationId: null });
    expect(planOfHash('#/operator')).toEqual({ isApp: true, fleet: null, screen: null, installationId: null });
    expect(planOfHash('')).toEqual({ isApp: true, fleet: null, screen: null, installationId: null });
    expect(planOfHash('#/login?reason=expired')).toMatchObject({ isApp: false });
    expect(planOfHash('#/verify/abc')).toMatchObject({ isApp: false });
  });

  it('asks for the home list with the very address the home screen uses', async () => {
    const fetch = vi.fn((_path: string) => Promise.resolve(json({ items: [], total: 0, page: 1, pageSize: 10 })));
    vi.stubGlobal('fetch', fetch);
    configureApiAuth({ getToken: () => Promise.resolve('t0'), onUnauthorized: () => undefined });
    await getInstallations('sono', RECENT_INSTALLATIONS).catch(() => undefined);
    expect(fetch.mock.calls[0]?.[0]).toBe(installationListPath('sono', RECENT_INSTALLATIONS));
  });

  it('asks for an opened installation with the very address the wizard uses', async () => {
    const fetch = vi.fn((_path: string) => Promise.resolve(json({ id: 12 })));
    vi.stubGlobal('fetch', fetch);
    configureApiAuth({ getToken: () => Promise.resolve('t0'), onUnauthorized: () => undefined });
    // The body is checked against the schema in development; only the address matters here.
    await getInstallation(12).catch(() => undefined);
    expect(fetch.mock.calls[0]?.[0]).toBe(installationDetailPath(12));
  });

  it('sends the opened installation with me and the fleet, and the API client takes its answer once', async () => {
    const fetch = vi.fn((path: string) => Promise.resolve(path === '/api/auth/token' ? json({ token: 't3' }) : json({ path })));
    vi.stubGlobal('fetch', fetch);
    startBootRequests({ fleet: 'sono', isFleetHome: false, installationId: 12 });
    configureApiAuth({ getToken: () => Promise.resolve('t3'), onUnauthorized: () => undefined });
    expect(await apiRequest(installationDetailPath(12))).toEqual({ path: installationDetailPath(12) });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/auth/token', '/api/me', '/api/fleets/sono', installationDetailPath(12)]);
    const call = fetch.mock.calls[3] as unknown as [string, RequestInit];
    expect(new Headers(call[1].headers).get('authorization')).toBe('Bearer t3');
  });

  it('reads the persisted sign-in flag', () => {
    const storage = (value: string | null) => ({ getItem: () => value });
    expect(isSignedInOnThisDevice(storage(JSON.stringify({ state: { isLoggedIn: true }, version: 1 })))).toBe(true);
    expect(isSignedInOnThisDevice(storage(JSON.stringify({ state: { isLoggedIn: false }, version: 1 })))).toBe(false);
    expect(isSignedInOnThisDevice(storage('{'))).toBe(false);
    expect(isSignedInOnThisDevice(null)).toBe(false);
  });

  it('sends the token, me and the fleet at once, and the API client takes each answer once', async () => {
    const fetch = vi.fn((path: string) => Promise.resolve(path === '/api/auth/token' ? json({ token: 't1' }) : json({ path })));
    vi.stubGlobal('fetch', fetch);
    startBootRequests({ fleet: 'sono', isFleetHome: false });
    configureApiAuth({ getToken: () => Promise.resolve('t1'), onUnauthorized: () => undefined });
    expect(await apiRequest('/api/auth/token', { auth: false })).toEqual({ token: 't1' });
    expect(await apiRequest('/api/me')).toEqual({ path: '/api/me' });
    expect(await apiRequest('/api/fleets/sono')).toEqual({ path: '/api/fleets/sono' });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/auth/token', '/api/me', '/api/fleets/sono']);
    // Taken once: asked again, it goes to the network.
    await apiRequest('/api/me');
    expect(fetch).toHaveBeenCalledTimes(4);
    const meCall = fetch.mock.calls[1] as unknown as [string, RequestInit];
    expect(new Headers(meCall[1].headers).get('authorization')).toBe('Bearer t1');
  });

  it('leaves a refused early answer to the screen, which asks again', async () => {
    const fetch = vi.fn((path: string) => Promise.resolve(path === '/api/auth/token' ? json({ message: 'no' }, 401) : json({ again: true })));
    vi.stubGlobal('fetch', fetch);
    startBootRequests({ fleet: null, isFleetHome: false });
    configureApiAuth({ getToken: () => Promise.resolve('t2'), onUnauthorized: () => undefined });
    expect(await apiRequest('/api/me')).toEqual({ again: true });
    expect(fetch.mock.calls.map(([path]) => path)).toEqual(['/api/auth/token', '/api/me']);
  });
});
