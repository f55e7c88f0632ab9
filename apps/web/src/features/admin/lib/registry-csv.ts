import { REGISTRY_CSV_COLUMNS } from '@portal/domain/registry';

export type RegistryCsvColumn = (typeof REGISTRY_CSV_COLUMNS)[number];

/** Columns a row may leave empty. */
export const OPTIONAL_COLUMNS: readonly RegistryCsvColumn[] = ['iccid'];

/** Columns needed on one row of each system: its telematics unit; its other rows leave them empty. */
export const ONCE_PER_SYSTEM_COLUMNS: readonly RegistryCsvColumn[] = ['telematics_unit', 'imei'];

export const EXAMPLE_FILE_NAME = 'registry-example.csv';

/**
 * Two systems: the first with two charge controllers (its telematics unit named on the first row
 * only), the second with one.
 */
export function exampleRegistryCsv(): string {
  const rows = [
    [...REGISTRY_CSV_COLUMNS],
    ['SN-2026-0101', '12', 'SBS-M 2.1', '4200', 'CC-2026-0101-A', 'HV', '1.2', '3.4.0', 'TCU-4G v3', '356938035643809', '8949020000000000011'],
    ['SN-2026-0101', '12', 'SBS-M 2.1', '4200', 'CC-2026-0101-B', 'HV', '1.2', '3.4.0', '', '', ''],
    ['SN-2026-0102', '6', 'SBS-M 2.0', '2100', 'CC-2026-0102-A', 'LV', '1.1', '3.3.2', 'TCU-4G v3', '356938035643817', '0'],
  ];
  return `${rows.map((row) => row.join(',')).join('\r\n')}\r\n`;
}
