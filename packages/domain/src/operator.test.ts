import { describe, expect, it } from 'vitest';
import { CompanyInputSchema, FleetInputSchema, FleetSlugInputSchema } from './operator';

const messagesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe('fleet rules', () => {
  it('takes a slug of lower-case letters, digits and inner dashes, lower-casing and trimming it', () => {
    expect(FleetSlugInputSchema.parse('  NordBus-2 ')).toBe('nordbus-2');
    for (const bad of ['a', '-bus', 'bus-', 'bus line', 'bus_line', 'büs']) expect(FleetSlugInputSchema.safeParse(bad).success, bad).toBe(false);
    expect(FleetSlugInputSchema.safeParse('x'.repeat(41)).error?.issues[0]?.message).toBe('tooLong');
  });

  it('keeps the paths of the web app free', () => {
    for (const reserved of ['operator', 'login', 'logout', 'api']) expect(FleetSlugInputSchema.safeParse(reserved).error?.issues[0]?.message).toBe('slugReserved');
  });

  it('needs every field and a sign-in email address, naming each problem', () => {
    expect(messagesOf(FleetInputSchema.safeParse({ slug: '', name: ' ', customerName: 'C', primaryContact: 'P', email: 'a@b' }))).toEqual({
      slug: 'required',
      name: 'required',
      email: 'invalidEmail',
    });
    expect(FleetInputSchema.parse({ slug: 'bus', name: 'Bus', customerName: 'C', primaryContact: 'P', email: ' Fleet@Bus.Example ' }).email).toBe('fleet@bus.example');
  });
});

describe('installer company rules', () => {
  it('takes a short name of letters, digits, dots, dashes and underscores', () => {
    expect(CompanyInputSchema.safeParse({ name: 'Solarfit', shortName: 'SFI_2.a-b', email: 'office@sfi.example' }).success).toBe(true);
    expect(messagesOf(CompanyInputSchema.safeParse({ name: 'Solarfit', shortName: 'S F I', email: 'office@sfi.example' }))).toEqual({ shortName: 'invalidShortName' });
    expect(messagesOf(CompanyInputSchema.safeParse({ name: 'Solarfit', shortName: 'X'.repeat(21), email: 'nope' }))).toEqual({ shortName: 'tooLong', email: 'invalidEmail' });
  });
});
