import { describe, expect, it } from 'vitest';
import { canCarrySetup, CARRIED_VEHICLE_FIELDS, namesAfter, nextInSequence } from './carry-over-rules';

describe('the next name of a series', () => {
  it('counts the number up', () => {
    expect(nextInSequence('Bus 4713 Betriebshof')).toBe('Bus 4714 Betriebshof');
    expect(nextInSequence('Bus 12')).toBe('Bus 13');
    expect(nextInSequence('7')).toBe('8');
  });

  it('counts up only the last of several numbers', () => {
    expect(nextInSequence('Linie 12 Bus 4713 Halle 3')).toBe('Linie 12 Bus 4713 Halle 4');
    expect(nextInSequence('Depot 2 / Bus 19')).toBe('Depot 2 / Bus 20');
    expect(nextInSequence('SN-2026-0041-B')).toBe('SN-2026-0042-B');
  });

  it('keeps leading zeros and the width, and grows when the width is full', () => {
    expect(nextInSequence('Bus 0099')).toBe('Bus 0100');
    expect(nextInSequence('Bus 007')).toBe('Bus 008');
    expect(nextInSequence('Bus 0999')).toBe('Bus 1000');
    expect(nextInSequence('Bus 9')).toBe('Bus 10');
    expect(nextInSequence('Bus 99 Nord')).toBe('Bus 100 Nord');
  });

  it('counts numbers longer than a double can hold exactly', () => {
    expect(nextInSequence('Wagen 12345678901234567899')).toBe('Wagen 12345678901234567900');
  });

  it('starts a series on a name without a number, and suggests nothing for an empty one', () => {
    expect(nextInSequence('Betriebshof Nord')).toBe('Betriebshof Nord 2');
    expect(nextInSequence('  Gelenkbus  ')).toBe('Gelenkbus 2');
    expect(nextInSequence('')).toBeNull();
    expect(nextInSequence('   ')).toBeNull();
  });

  it('lists the names that follow, in order', () => {
    expect(namesAfter('Bus 0098', 3)).toEqual(['Bus 0099', 'Bus 0100', 'Bus 0101']);
    expect(namesAfter('', 3)).toEqual([]);
  });
});

describe('what is carried over', () => {
  it('never takes the VIN, licence plate or mileage', () => {
    for (const own of ['vin', 'licensePlate', 'mileage']) expect(CARRIED_VEHICLE_FIELDS).not.toContain(own);
  });

  it('takes a setup over only onto as many controllers', () => {
    expect(canCarrySetup(2, 2)).toBe(true);
    expect(canCarrySetup(1, 2)).toBe(false);
    expect(canCarrySetup(0, 0)).toBe(false);
  });
});
