import { parentPort } from 'node:worker_threads';
import { stringify } from 'csv-stringify/sync';
import writeExcelFile from 'write-excel-file/node';
import { neutraliseRow } from '@portal/domain/spreadsheet';
import { readRegistryCsv } from '../access/registry-csv';

export type Cell = string | number | boolean | null;
/** What the main thread sends: a table's rows in chunks, then what to make of them; or a registry CSV to read. */
export type SpreadsheetMessage =
  | { type: 'rows'; rows: Cell[][] }
  | { type: 'csv'; columns: string[] }
  | { type: 'xlsx'; columns: string[] }
  | { type: 'registryCsv'; text: string };
export type SpreadsheetReply =
  | { type: 'done'; result: unknown; transfer?: boolean }
  | { type: 'failed'; message: string };

const port = parentPort!;
const rows: Cell[][] = [];

async function run(message: Exclude<SpreadsheetMessage, { type: 'rows' }>): Promise<unknown> {
  if (message.type === 'registryCsv') return readRegistryCsv(message.text);
  // Every text cell defused against formula injection and bidi controls.
  const safe = rows.map((r) => neutraliseRow(r));
  if (message.type === 'csv') {
    return stringify(safe, { header: true, columns: message.columns, cast: { boolean: (b) => (b ? 'true' : 'false') } });
  }
  const header = message.columns.map((c) => ({ value: c, fontWeight: 'bold' as const }));
  const body = safe.map((r) => r.map((value) => ({ value: value ?? undefined })));
  const buffer = await writeExcelFile([header, ...body] as never).toBuffer();
  return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength).slice();
}

port.on('message', async (message: SpreadsheetMessage) => {
  if (message.type === 'rows') {
    for (const r of message.rows) rows.push(r);
    return;
  }
  try {
    const result = await run(message);
    if (result instanceof Uint8Array) port.postMessage({ type: 'done', result } satisfies SpreadsheetReply, [result.buffer as ArrayBuffer]);
    else port.postMessage({ type: 'done', result } satisfies SpreadsheetReply);
  } catch (error) {
    port.postMessage({ type: 'failed', message: error instanceof Error ? error.message : String(error) } satisfies SpreadsheetReply);
  }
});
