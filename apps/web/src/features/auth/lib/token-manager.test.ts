import { describe, expect, it, vi } from 'vitest';
import { readJwtExpiry } from './jwt';
import { createTokenManager, RENEW_BEFORE_EXPIRY_MS } from './token-manager';

const NOW = 1_700_000_000_000;

function jwt(expSeconds: number) {
  const payload = btoa(JSON.stringify({ sub: 'u1', exp: expSeconds })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `eyJhbGciOiJFZERTQSJ9.${payload}.signature`;
}

function setup(tokens: (string | null)[]) {
  let now = NOW;
  const timers: { callback: () => void; ms: number }[] = [];
  const fetchToken = vi.fn(async () => tokens.shift() ?? null);
  const manager = createTokenManager({
    fetchToken,
    now: () => now,
    setTimer: (callback, ms) => timers.push({ callback, ms }),
    clearTimer: () => undefined,
  });
  return { manager, fetchToken, timers, advance: (ms: number) => (now += ms) };
}

describe('readJwtExpiry', () => {
  it('reads exp from the payload in milliseconds', () => {
    expect(readJwtExpiry(jwt(1_700_000_600))).toBe(1_700_000_600_000);
  });

  it('gives null for something that is not a JWT', () => {
    expect(readJwtExpiry('not-a-token')).toBeNull();
    expect(readJwtExpiry('a.!!!.c')).toBeNull();
  });
});

describe('token manager', () => {
  const tenMinutes = NOW / 1000 + 600;

  it('fetches once and serves the cached token while it is fresh', async () => {
    const { manager, fetchToken } = setup([jwt(tenMinutes)]);
    expect(await manager.getToken()).toBe(jwt(tenMinutes));
    expect(await manager.getToken()).toBe(jwt(tenMinutes));
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('shares one renewal between simultaneous callers', async () => {
    const { manager, fetchToken } = setup([jwt(tenMinutes)]);
    await Promise.all([manager.getToken(), manager.getToken(), manager.getToken()]);
    expect(fetchToken).toHaveBeenCalledTimes(1);
  });

  it('renews a minute before expiry', async () => {
    const { manager, fetchToken, timers, advance } = setup([jwt(tenMinutes), jwt(tenMinutes + 600)]);
    await manager.getToken();
    expect(timers[0]?.ms).toBe(600_000 - RENEW_BEFORE_EXPIRY_MS);
    advance(600_000 - RENEW_BEFORE_EXPIRY_MS + 1);
    expect(await manager.getToken()).toBe(jwt(tenMinutes + 600));
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('never schedules a timer beyond what browsers accept', async () => {
    const { manager, timers } = setup([jwt(NOW / 1000 + 365 * 24 * 3600)]);
    await manager.getToken();
    expect(timers[0]?.ms).toBe(2 ** 31 - 1);
  });

  it('gives null when there is no session', async () => {
    const { manager } = setup([null]);
    expect(await manager.getToken()).toBeNull();
  });

  it('forgets the token on clear, even one still being fetched', async () => {
    const { manager, fetchToken } = setup([jwt(tenMinutes), jwt(tenMinutes)]);
    const pending = manager.refresh();
    manager.clear();
    expect(await pending).toBeNull();
    await manager.getToken();
    expect(fetchToken).toHaveBeenCalledTimes(2);
  });

  it('keeps using an unexpired token when a renewal fails', async () => {
    let now = NOW;
    const fetchToken = vi.fn<() => Promise<string | null>>().mockResolvedValueOnce(jwt(tenMinutes)).mockRejectedValueOnce(new TypeError('offline'));
    const manager = createTokenManager({ fetchToken, now: () => now, setTimer: () => undefined, clearTimer: () => undefined });
    await manager.getToken();
    // Inside the renewal window, five seconds before expiry.
    now += 600_000 - 5_000;
    expect(await manager.getToken()).toBe(jwt(tenMinutes));
  });
});
