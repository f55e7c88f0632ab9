import { isSameSerialNumber } from './system';
import { isVinFormatValid, normalizeVin } from './vehicle';

/** The fields a camera fills or confirms (SPEC §2 general, vehicle and system tabs). */
export const SCAN_FIELDS = ['systemSerialNumber', 'vin', 'controllerSerialNumber', 'imei'] as const;
export type ScanField = (typeof SCAN_FIELDS)[number];

/** Symbologies by the names of the Barcode Detection API (and its WebAssembly polyfill). */
export type ScanFormat = 'code_128' | 'code_39' | 'data_matrix' | 'qr_code';

/**
 * What each label carries: VIN plates and windscreen labels use Code 39, Code 128 or Data Matrix;
 * the kit's serial and IMEI labels are Code 128 or a 2D code.
 */
export const SCAN_FORMATS: Record<ScanField, readonly ScanFormat[]> = {
  systemSerialNumber: ['code_128', 'code_39', 'data_matrix', 'qr_code'],
  vin: ['code_39', 'code_128', 'data_matrix'],
  controllerSerialNumber: ['code_128', 'code_39', 'data_matrix', 'qr_code'],
  imei: ['code_128', 'data_matrix', 'qr_code'],
};

const SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,63}$/;

/**
 * The value of a field from what a code holds, or null when the code is not such a value.
 * Control characters (Data Matrix group separators) and spaces go; a VIN is upper-cased, and the
 * import marker `I` some windscreen Code 39 labels put before it is dropped; an IMEI may come
 * with a prefix (`IMEI:`, `IMEI 35…`) and its 15 digits are kept.
 */
export function normalizeScan(field: ScanField, raw: string): string | null {
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
  switch (field) {
    case 'vin': {
      let vin = normalizeVin(text);
      if (vin.length === 18 && vin.startsWith('I')) vin = vin.slice(1);
      return isVinFormatValid(vin) ? vin : null;
    }
    case 'imei': {
      const digits = text.replace(/^IMEI\s*:?\s*/i, '').replace(/[\s-]/g, '');
      return /^\d{15}$/.test(digits) ? digits : null;
    }
    case 'systemSerialNumber':
    case 'controllerSerialNumber': {
      const serial = text.replace(/\s+/g, '');
      return SERIAL_PATTERN.test(serial) ? serial.toUpperCase() : null;
    }
  }
}

/** A scan confirms a registry value when it reads the same (serial numbers ignore case). */
export function isScanMatch(field: ScanField, scanned: string, expected: string): boolean {
  const value = normalizeScan(field, scanned);
  if (value === null) return false;
  return field === 'imei' ? value === expected.trim() : isSameSerialNumber(value, expected);
}
