import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiAuth, resetApiAuth } from '@/lib/api-client';

/** For every test of the file: the API client signed in with a test token; afterwards fetch is unstubbed and the client signed out. */
export function signInApiForEachTest() {
  beforeEach(() => {
    configureApiAuth({ getToken: async () => 'token-1', onUnauthorized: () => undefined });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    resetApiAuth();
  });
}
