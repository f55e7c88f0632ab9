import { describe, expect, it } from 'vitest';
import { pickHomeFleet } from './fleet';

describe('pickHomeFleet', () => {
  it('prefers the default fleet when the user is a member', () => {
    expect(pickHomeFleet([{ slug: 'acme' }, { slug: 'sono' }], 'sono')).toBe('sono');
  });
  it('falls back to the first fleet, or none', () => {
    expect(pickHomeFleet([{ slug: 'acme' }], 'sono')).toBe('acme');
    expect(pickHomeFleet([], 'sono')).toBeNull();
  });
});
