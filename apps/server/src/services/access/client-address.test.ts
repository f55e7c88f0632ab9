import { describe, expect, it } from 'vitest';
import { limitKeyOf, parseTrustProxy } from './client-address';

describe('the client a limit counts', () => {
  it('counts an IPv6 /64 as one client, however its addresses are written', () => {
    const key = limitKeyOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(limitKeyOf('2001:db8:1:2::1')).toBe(key);
    expect(limitKeyOf('2001:0db8:0001:0002:0000:0000:0000:0009')).toBe(key);
    expect(limitKeyOf('2001:db8:1:3::1')).not.toBe(key);
  });

  it('counts IPv4 addresses one by one, also when written as IPv4-mapped IPv6', () => {
    expect(limitKeyOf('198.51.100.7')).toBe('198.51.100.7');
    expect(limitKeyOf('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(limitKeyOf('198.51.100.8')).not.toBe(limitKeyOf('198.51.100.7'));
  });
});

describe('TRUST_PROXY', () => {
  it('takes nothing, a hop count or a list of proxy addresses and networks', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('nginx.local')).toThrow(/TRUST_PROXY/);
  });
});
