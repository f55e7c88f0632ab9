import { describe, expect, it } from 'vitest';
import { readStyleNonce } from './csp-nonce';

const page = (head: string) => new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');

describe('readStyleNonce', () => {
  it('reads the nonce the server wrote into the page', () => {
    expect(readStyleNonce(page('<meta property="csp-nonce" nonce="abc123">'))).toBe('abc123');
  });

  it('is undefined without one (dev server, tests)', () => {
    expect(readStyleNonce(page(''))).toBeUndefined();
    expect(readStyleNonce(page('<meta property="csp-nonce" nonce="">'))).toBeUndefined();
  });
});
