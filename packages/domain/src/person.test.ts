import { describe, expect, it } from 'vitest';
import { DisplayNameSchema, guessDisplayName, UpdateMeSchema } from './person';

describe('DisplayNameSchema', () => {
  it('takes a name of 1 to 80 characters, trimmed', () => {
    expect(DisplayNameSchema.parse('  Jana Petersen ')).toBe('Jana Petersen');
    expect(DisplayNameSchema.parse('Jürgen Öztürk-Łukasiewicz')).toBe('Jürgen Öztürk-Łukasiewicz');
    expect(DisplayNameSchema.parse('J')).toBe('J');
    expect(DisplayNameSchema.parse('x'.repeat(80))).toHaveLength(80);
  });

  it('refuses an empty name, a longer one and control characters, with the message keys the form shows', () => {
    const issue = (value: unknown) => DisplayNameSchema.safeParse(value).error?.issues[0]?.message;
    expect(issue('')).toBe('required');
    expect(issue('   ')).toBe('required');
    expect(issue(undefined)).toBe('required');
    expect(issue('x'.repeat(81))).toBe('tooLong');
    expect(issue('Jana\nPetersen')).toBe('invalidCharacters');
    expect(issue('Jana\tPetersen')).toBe('invalidCharacters');
    expect(issue('Jana\u0000')).toBe('invalidCharacters');
    expect(issue('Jana\u0085')).toBe('invalidCharacters');
  });

  it('is the body of PATCH /api/me', () => {
    expect(UpdateMeSchema.parse({ displayName: ' Ina ' })).toEqual({ displayName: 'Ina' });
    expect(UpdateMeSchema.safeParse({}).success).toBe(false);
  });
});

describe('guessDisplayName', () => {
  it('makes a name of the words before the "@"', () => {
    expect(guessDisplayName('jana.petersen@nordbus.example')).toBe('Jana Petersen');
    expect(guessDisplayName('ina_installer-2@example.com')).toBe('Ina Installer');
    expect(guessDisplayName('max+depot@example.com')).toBe('Max');
    expect(guessDisplayName('42@example.com')).toBe('');
  });
});
