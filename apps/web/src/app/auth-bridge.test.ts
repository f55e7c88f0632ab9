import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearLocalSession, tokenManager } from '@/features/auth/lib/session';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { fakeFetch } from '@/test/render';
import { connectAuth } from './auth-bridge';

const ina = { id: 'u1', name: 'Ina Installer', email: 'ina@example.com' };
const token = `x.${btoa(JSON.stringify({ exp: 4_102_444_800 }))}.y`;
const noSession = { status: 401, body: { status: 401, code: 'UNAUTHORIZED', message: 'Not signed in' } };
/** Lets the answers travel through the promise chains and timers they start. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

afterEach(() => {
  vi.unstubAllGlobals();
  tokenManager.clear();
  useAuthStore.getState().signOut();
});

describe('the session check when the app starts', () => {
  it('shows the login page when the cookie holds no session', async () => {
    vi.stubGlobal('fetch', fakeFetch({ 'GET /api/auth/token': noSession }).fetchFn);
    useAuthStore.getState().signIn(ina);
    const goToLogin = vi.fn();
    connectAuth(goToLogin);
    await vi.waitFor(() => expect(goToLogin).toHaveBeenCalledTimes(1));
    expect(useAuthStore.getState().isLoggedIn).toBe(false);
  });

  it('does not sign out a sign-in made while its answer was on the way, about the session left before', async () => {
    // The check starts on a slow connection; meanwhile the app lost the session (a 401 elsewhere) and
    // the installer signed in again. Then the check's late answer says the old session has gone.
    let answer = () => {};
    const late = new Promise<void>((resolve) => (answer = resolve));
    const fake = fakeFetch({
      'GET /api/auth/token': async () => {
        if (fake.calls.length > 1) return { body: { token } };
        await late;
        return noSession;
      },
    });
    vi.stubGlobal('fetch', fake.fetchFn);
    useAuthStore.getState().signIn(ina);
    const goToLogin = vi.fn();
    connectAuth(goToLogin);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(1));

    clearLocalSession();
    useAuthStore.getState().signIn(ina);
    expect(await tokenManager.getToken()).toBe(token);
    answer();
    await settle();

    expect(goToLogin).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ isLoggedIn: true, user: ina });
    expect(await tokenManager.getToken()).toBe(token);
  });
});
