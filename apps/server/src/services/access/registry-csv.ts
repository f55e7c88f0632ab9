import { parse } from 'csv-parse/sync';
import {
  readRegistryIssue,
  REGISTRY_CSV_COLUMNS,
  RegistryRowSchema,
  rowError,
  type RegistryRow,
  type RowError,
} from '@portal/domain/registry';

export const MAX_IMPORT_ROWS = 5000;

/** Reads and checks a registry CSV; every problem is reported with its line number. */
export function readRegistryCsv(csv: string): { total: number; rows: { line: number; row: RegistryRow }[]; errors: RowError[] } {
  let records: Record<string, string>[];
  try {
    records = parse(csv.replace(/^\uFEFF/, ''), {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      trim: true,
      delimiter: [',', ';'],
      relax_column_count: false,
    });
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    return { total: 0, rows: [], errors: [rowError(line, { code: 'csvInvalid', params: { detail: (error as Error).message } })] };
  }
  const header = Object.keys(records[0] ?? {});
  const missing = REGISTRY_CSV_COLUMNS.filter((c) => !['telematics_unit', 'imei', 'iccid'].includes(c) && !header.includes(c));
  if (records.length === 0) return { total: 0, rows: [], errors: [rowError(1, { code: 'noRows', params: {} })] };
  if (missing.length) return { total: records.length, rows: [], errors: [rowError(1, { code: 'missingColumns', params: { columns: missing.join(', ') } })] };
  if (records.length > MAX_IMPORT_ROWS) return { total: records.length, rows: [], errors: [rowError(1, { code: 'tooManyRows', params: { max: MAX_IMPORT_ROWS } })] };
  const rows: { line: number; row: RegistryRow }[] = [];
  const errors: RowError[] = [];
  records.forEach((record, i) => {
    const line = i + 2; // line 1 is the header
    const parsed = RegistryRowSchema.safeParse(record);
    if (parsed.success) rows.push({ line, row: parsed.data });
    else for (const issue of parsed.error.issues) errors.push(rowError(line, readRegistryIssue(issue)));
  });
  return { total: records.length, rows, errors };
}

