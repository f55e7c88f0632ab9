import { describe, expect, it } from 'vitest';
import { SystemAcknowledgementSchema } from './system';

describe('system acknowledgement', () => {
  it('must be ticked', () => {
    expect(SystemAcknowledgementSchema.safeParse({ controllerSerialsConfirmed: true }).success).toBe(true);
    const r = SystemAcknowledgementSchema.safeParse({ controllerSerialsConfirmed: false });
    expect(r.error?.issues[0]?.message).toBe('confirmationRequired');
  });
});
