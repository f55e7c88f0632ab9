import { describe, expect, it } from 'vitest';
import {
  capacityUnitFor,
  convertMileage,
  isValidVehicleYear,
  isVinCheckDigitSuspicious,
  isVinCheckDigitValid,
  isVinFormatValid,
  kmToMiles,
  maxVehicleYear,
  milesToKm,
  VehicleInputSchema,
} from './vehicle';
import { createBusInput } from './testing/vehicle';

const valid = createBusInput();

const messages = (input: unknown) => {
  const r = VehicleInputSchema.safeParse(input);
  // A form shows the first problem of each field.
  return r.success ? {} : Object.fromEntries([...r.error.issues].reverse().map((i) => [i.path.join('.'), i.message]));
};

describe('vehicle year', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  it('accepts 2000 up to next year', () => {
    expect(maxVehicleYear(now)).toBe(2027);
    expect(isValidVehicleYear(2000, now)).toBe(true);
    expect(isValidVehicleYear(2027, now)).toBe(true);
  });
  it('refuses earlier, later and fractional years', () => {
    expect(isValidVehicleYear(1999, now)).toBe(false);
    expect(isValidVehicleYear(2028, now)).toBe(false);
    expect(isValidVehicleYear(2020.5, now)).toBe(false);
  });
  it('the schema reports invalidYear', () => {
    expect(messages({ ...valid, year: 1999 })).toEqual({ year: 'invalidYear' });
    expect(messages({ ...valid, year: new Date().getFullYear() + 2 })).toEqual({ year: 'invalidYear' });
  });
});

describe('VIN', () => {
  it('needs 17 characters without I, O or Q', () => {
    expect(isVinFormatValid('1M8GDM9AXKP042788')).toBe(true);
    expect(isVinFormatValid('1M8GDM9AXKP04278')).toBe(false);
    expect(isVinFormatValid('1M8GDM9AXKP04278O')).toBe(false);
    expect(isVinFormatValid('IM8GDM9AXKP042788')).toBe(false);
    expect(isVinFormatValid('QM8GDM9AXKP042788')).toBe(false);
  });
  it('is normalised to upper case without spaces', () => {
    const r = VehicleInputSchema.parse({ ...valid, vin: '1m8gdm9axkp 042788' });
    expect(r.vin).toBe('1M8GDM9AXKP042788');
  });
  it('checks the check digit (a warning, not a refusal)', () => {
    expect(isVinCheckDigitValid('1M8GDM9AXKP042788')).toBe(true);
    expect(isVinCheckDigitValid('1M8GDM9A1KP042788')).toBe(false);
    expect(messages({ ...valid, vin: '1M8GDM9A1KP042788' })).toEqual({});
  });
  it('warns about the check digit only on North American VINs (first character 1-5)', () => {
    expect(isVinCheckDigitSuspicious('1M8GDM9A1KP042788')).toBe(true);
    expect(isVinCheckDigitSuspicious('1M8GDM9AXKP042788')).toBe(false);
    // European VINs carry no check digit: a 9th character that is no check digit is ordinary there.
    expect(isVinCheckDigitValid('WVWZZZ1JZXW000001')).toBe(false);
    expect(isVinCheckDigitSuspicious('WVWZZZ1JZXW000001')).toBe(false);
    expect(isVinCheckDigitSuspicious('WDB9634031L123456')).toBe(false);
    expect(isVinCheckDigitSuspicious('wvwzzz1jzxw000001')).toBe(false);
    expect(isVinCheckDigitSuspicious('1M8GDM9A1KP04278')).toBe(false);
  });
  it('reports invalidVin and required', () => {
    expect(messages({ ...valid, vin: 'SHORT' })).toEqual({ vin: 'invalidVin' });
    expect(messages({ ...valid, vin: '' })).toEqual({ vin: 'required' });
  });
});

describe('mileage', () => {
  it('converts with 0.621371 and rounds to whole numbers', () => {
    expect(kmToMiles(100)).toBe(62);
    expect(kmToMiles(12000)).toBe(7456);
    expect(milesToKm(62)).toBe(100);
    expect(milesToKm(7456)).toBe(11999);
    expect(convertMileage(100, 'km', 'miles')).toBe(62);
    expect(convertMileage(62, 'miles', 'km')).toBe(100);
    expect(convertMileage(5, 'km', 'km')).toBe(5);
    expect(kmToMiles(0)).toBe(0);
  });
  it('comes back unchanged when converted from the entered value, not from a converted one', () => {
    const shownInMiles = convertMileage(120000, 'km', 'miles');
    expect(convertMileage(shownInMiles, 'miles', 'km')).not.toBe(120000);
    expect(convertMileage(120000, 'km', 'km')).toBe(120000);
  });
  it('must be a whole, non-negative number', () => {
    expect(messages({ ...valid, mileage: -1 })).toEqual({ mileage: 'negativeNumber' });
    expect(messages({ ...valid, mileage: 0 })).toEqual({});
    expect(messages({ ...valid, mileage: 'abc' })).toEqual({ mileage: 'invalidNumber' });
    expect(messages({ ...valid, mileage: undefined })).toEqual({ mileage: 'required' });
  });
});

describe('transmission and battery', () => {
  it("accepts the legacy spelling 'disel' and stores 'diesel'", () => {
    expect(VehicleInputSchema.parse({ ...valid, transmission: 'disel' }).transmission).toBe('diesel');
  });
  it('uses Ah for low voltage and kWh for high voltage', () => {
    expect(capacityUnitFor('LV')).toBe('Ah');
    expect(capacityUnitFor('HV')).toBe('kWh');
    expect(messages({ ...valid, batteryType: 'LV', batteryCapacityUnit: 'kWh' })).toEqual({ batteryCapacityUnit: 'invalidCapacityUnit' });
    expect(messages({ ...valid, batteryType: 'both', batteryCapacityUnit: 'Ah' })).toEqual({});
  });
  it('defaults the unit to kWh', () => {
    const { batteryCapacityUnit: _omit, ...rest } = valid;
    expect(VehicleInputSchema.parse(rest).batteryCapacityUnit).toBe('kWh');
  });
});

describe('required and optional fields', () => {
  it('reports every missing required field', () => {
    expect(messages({})).toMatchObject({
      type: 'required',
      manufacturer: 'required',
      model: 'required',
      year: 'required',
      transmission: 'required',
      batteryType: 'required',
      batteryCapacity: 'required',
      vin: 'required',
      mileage: 'required',
    });
  });
  it('licence plate and city are optional and blank becomes null', () => {
    const r = VehicleInputSchema.parse({ ...valid, licensePlate: '  ', city: '' });
    expect(r.licensePlate).toBeNull();
    expect(r.city).toBeNull();
  });
});
