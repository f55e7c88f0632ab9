import { describe, expect, it } from 'vitest';
import { canDeleteInstallation, CreateInstallationSchema, failedChecksReasonProblem, FailedChecksReasonSchema, IsoDateSchema } from './installation';

const messageOf = (input: unknown) => {
  const r = IsoDateSchema.safeParse(input);
  return r.success ? null : r.error.issues[0]!.message;
};

describe('start date', () => {
  it('accepts a calendar day', () => {
    expect(IsoDateSchema.parse('2026-11-20')).toBe('2026-11-20');
  });
  it("says 'required' when there is none and 'invalidDate' when it is malformed", () => {
    expect(messageOf(undefined)).toBe('required');
    expect(messageOf(null)).toBe('required');
    expect(messageOf('')).toBe('required');
    expect(messageOf('20/11/2026')).toBe('invalidDate');
    expect(messageOf('2026-02-30')).toBe('invalidDate');
  });
});

describe('general tab', () => {
  it('needs serial number, start date and name; comments are optional and blank becomes null', () => {
    const r = CreateInstallationSchema.safeParse({ systemSerialNumber: ' ', startDate: null, name: '' });
    expect(r.success).toBe(false);
    expect(Object.fromEntries(r.error!.issues.map((i) => [i.path.join('.'), i.message]))).toEqual({
      systemSerialNumber: 'required',
      startDate: 'required',
      name: 'required',
    });
    expect(CreateInstallationSchema.parse({ systemSerialNumber: 'SN-1', startDate: '2026-11-20', name: 'Bus 7', comments: '  ' }).comments).toBeNull();
  });
});

describe('canDeleteInstallation', () => {
  const draft = { status: 'draft', createdBy: 'u1' } as const;
  it('lets the creator delete their draft and an admin of the fleet delete any draft', () => {
    expect(canDeleteInstallation(draft, { userId: 'u1', role: 'installer' })).toBe(true);
    expect(canDeleteInstallation(draft, { userId: 'u2', role: 'admin' })).toBe(true);
    expect(canDeleteInstallation({ status: 'draft', createdBy: null }, { userId: 'u2', role: 'admin' })).toBe(true);
  });
  it('refuses other installers, non-members and every completed installation', () => {
    expect(canDeleteInstallation(draft, { userId: 'u2', role: 'installer' })).toBe(false);
    expect(canDeleteInstallation({ status: 'draft', createdBy: null }, { userId: 'u2', role: 'installer' })).toBe(false);
    expect(canDeleteInstallation(draft, { userId: 'u1', role: null })).toBe(false);
    expect(canDeleteInstallation({ ...draft, status: 'completed' }, { userId: 'u1', role: 'admin' })).toBe(false);
  });
});

describe('the reason for proceeding with failed checks', () => {
  it('is required, 3 to 500 characters once trimmed', () => {
    expect(FailedChecksReasonSchema.parse('  New fuse on Monday ')).toBe('New fuse on Monday');
    expect(FailedChecksReasonSchema.safeParse('   ').error?.issues[0]?.message).toBe('required');
    expect(FailedChecksReasonSchema.safeParse(' ok ').error?.issues[0]?.message).toBe('tooShort');
    expect(FailedChecksReasonSchema.safeParse('x'.repeat(501)).error?.issues[0]?.message).toBe('tooLong');
    expect(FailedChecksReasonSchema.safeParse('x'.repeat(500)).success).toBe(true);
  });

  it('goes with proceeding, and only with it', () => {
    expect(failedChecksReasonProblem({ proceededWithFailedChecks: true })).toBe('required');
    expect(failedChecksReasonProblem({ proceededWithFailedChecks: true, failedChecksReason: 'Fuse' })).toBeNull();
    expect(failedChecksReasonProblem({ proceededWithFailedChecks: false })).toBeNull();
    expect(failedChecksReasonProblem({ proceededWithFailedChecks: false, failedChecksReason: 'Fuse' })).toBe('unexpected');
    expect(failedChecksReasonProblem({ failedChecksReason: 'Fuse' })).toBe('unexpected');
    expect(failedChecksReasonProblem({})).toBeNull();
  });
});
