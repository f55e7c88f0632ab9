import { describe, expect, it } from 'vitest';
import { isScanMatch, normalizeScan, SCAN_FORMATS } from './scan';

describe('scanned values', () => {
  it('reads a VIN from Code 39, Code 128 or Data Matrix', () => {
    expect(SCAN_FORMATS.vin).toEqual(['code_39', 'code_128', 'data_matrix']);
    expect(normalizeScan('vin', ' yv2rt40a5kb123456 ')).toBe('YV2RT40A5KB123456');
    // Some windscreen labels put an import marker before the VIN.
    expect(normalizeScan('vin', 'IYV2RT40A5KB123456')).toBe('YV2RT40A5KB123456');
    expect(normalizeScan('vin', 'YV2RT40A5KB12345')).toBeNull();
    expect(normalizeScan('vin', 'YV2RT40A5KB12345O')).toBeNull();
  });

  it('keeps the 15 digits of an IMEI label', () => {
    expect(normalizeScan('imei', '356938035643801')).toBe('356938035643801');
    expect(normalizeScan('imei', 'IMEI: 35693803 5643801')).toBe('356938035643801');
    expect(normalizeScan('imei', '35693803564380')).toBeNull();
    expect(normalizeScan('imei', 'https://example.com')).toBeNull();
  });

  it('reads serial numbers without spaces or Data Matrix separators, upper-cased', () => {
    expect(normalizeScan('systemSerialNumber', 'sn-demo-0001\u001d')).toBe('SN-DEMO-0001');
    expect(normalizeScan('controllerSerialNumber', 'CC-DEMO-0001-A')).toBe('CC-DEMO-0001-A');
    expect(normalizeScan('systemSerialNumber', 'https://example.com/x?y')).toBeNull();
    expect(normalizeScan('systemSerialNumber', '')).toBeNull();
  });

  it('a scan confirms the registry value only when it reads the same', () => {
    expect(isScanMatch('controllerSerialNumber', 'cc-demo-0001-a', 'CC-DEMO-0001-A')).toBe(true);
    expect(isScanMatch('controllerSerialNumber', 'CC-DEMO-0001-B', 'CC-DEMO-0001-A')).toBe(false);
    expect(isScanMatch('imei', 'IMEI 356938035643801', '356938035643801')).toBe(true);
    expect(isScanMatch('imei', '356938035643802', '356938035643801')).toBe(false);
  });
});
