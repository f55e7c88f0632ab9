import { describe, expect, it } from 'vitest';
import { groupRegistryRows, readRegistryIssue, RegistryRowSchema, rowError, type RegistryRow } from './registry';

const valid = {
  serial_number: 'SN-1',
  pv_module_count: '8',
  pv_module_version: 'SBS-M 2.1',
  installed_capacity_wp: '960',
  controller_serial: 'CC-1-A',
  controller_type: 'hv',
  hardware_version: 'HW 3',
  firmware_version: '1.8',
  telematics_unit: 'TCU',
  imei: '356938035650001',
  iccid: '',
};

function problemsOf(record: Record<string, string>) {
  const parsed = RegistryRowSchema.safeParse(record);
  return parsed.success ? [] : parsed.error.issues.map(readRegistryIssue);
}

describe('registry import problems', () => {
  it('name the column and the limit of a bad value', () => {
    expect(problemsOf({ ...valid, pv_module_count: 'abc' })).toEqual([{ code: 'notWholeNumber', params: { column: 'pv_module_count' } }]);
    expect(problemsOf({ ...valid, pv_module_count: '1001' })).toEqual([{ code: 'outOfRange', params: { column: 'pv_module_count', min: 1, max: 1000 } }]);
    expect(problemsOf({ ...valid, serial_number: ' ' })).toEqual([{ code: 'required', params: { column: 'serial_number' } }]);
    expect(problemsOf({ ...valid, hardware_version: 'x'.repeat(33) })).toEqual([{ code: 'tooLong', params: { column: 'hardware_version', max: 32 } }]);
    expect(problemsOf({ ...valid, controller_type: 'XV' })).toEqual([{ code: 'controllerType', params: { column: 'controller_type' } }]);
    expect(problemsOf({ ...valid, imei: '123' })).toEqual([{ code: 'imeiFormat', params: { column: 'imei' } }]);
    expect(problemsOf({ ...valid, iccid: '12' })).toEqual([{ code: 'iccidFormat', params: { column: 'iccid' } }]);
  });

  it('carry an English sentence for clients without their own texts', () => {
    expect(rowError(4, { code: 'outOfRange', params: { column: 'pv_module_count', min: 1, max: 1000 } })).toEqual({
      line: 4,
      code: 'outOfRange',
      params: { column: 'pv_module_count', min: 1, max: 1000 },
      message: 'pv_module_count must be between 1 and 1000',
    });
  });

  it('report rows that disagree with their system by the first line', () => {
    const row = (overrides: Partial<Record<keyof typeof valid, string>>): RegistryRow => RegistryRowSchema.parse({ ...valid, ...overrides });
    const { errors } = groupRegistryRows([
      { line: 2, row: row({}) },
      { line: 3, row: row({ controller_serial: 'CC-1-B', pv_module_count: '9', imei: '' }) },
      { line: 4, row: row({ controller_serial: 'CC-1-A', imei: '' }) },
      { line: 5, row: row({ serial_number: 'SN-2', controller_serial: 'CC-2-A', imei: '' }) },
    ]);
    expect(errors.map(({ line, code, params }) => ({ line, code, params }))).toEqual([
      { line: 3, code: 'systemValuesDiffer', params: { serial: 'SN-1', firstLine: 2 } },
      { line: 4, code: 'controllerRepeated', params: { serial: 'CC-1-A', firstLine: 2 } },
      { line: 5, code: 'noTelematics', params: { serial: 'SN-2' } },
    ]);
  });
});
