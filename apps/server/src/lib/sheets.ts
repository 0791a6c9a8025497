/**
 * Reading a table from an uploaded CSV or XLSX: the header cells, then each data row as text
 * with its row number in the file (the header is row 1, as a spreadsheet numbers them). Every
 * cell is read as text: a zip code keeps its leading zero, a date becomes its ISO form.
 */
import type ExcelJS from 'exceljs';
import { loadExcel } from './excel.js';

export interface SheetTable {
  columns: string[];
  rows: Array<{ row: number; cells: string[] }>;
}

/** What lib/csv.ts' csvCell puts before a text starting with a formula character. */
const NEUTRALISED = /^'([=+\-@\t\r])/;

/** A cell as our own export wrote it: the quote that kept a spreadsheet from running it removed. */
export const cellText = (s: string) => s.replace(NEUTRALISED, '$1').trim();

/**
 * RFC 4180 CSV (quoted fields, doubled quotes, CRLF or LF, a UTF-8 BOM); a `;` separator is
 * taken when the header holds more of them than commas (a spreadsheet set to a comma-decimal
 * language writes those). Records are numbered from 1, the header being record 1.
 */
export function parseCsv(text: string): string[][] {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const firstLine = source.slice(0, source.search(/\r?\n|$/));
  const sep =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < source.length) {
    const c = source[i]!;
    if (quoted) {
      if (c === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += c;
      i++;
      continue;
    }
    if (c === '"' && field === '') quoted = true;
    else if (c === sep) endField();
    else if (c === '\r' && source[i + 1] === '\n') {
      endRecord();
      i++;
    } else if (c === '\n' || c === '\r') endRecord();
    else field += c;
    i++;
  }
  if (field !== '' || record.length > 0) endRecord();
  return records;
}

const isoOf = (d: Date) =>
  d.getUTCHours() || d.getUTCMinutes() || d.getUTCSeconds()
    ? d.toISOString()
    : d.toISOString().slice(0, 10);

/** One XLSX cell's value as text (rich text joined, a formula's result, a link's text). */
function xlsxText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoOf(value);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('text' in value) return String(value.text);
    if ('result' in value) return xlsxText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
    return '';
  }
  return String(value);
}

/** Thrown when the bytes are not the format they claim; the route names the file field. */
export class UnreadableSheet extends Error {}

/**
 * The table of a file. `maxRows` data rows at most are read (one more tells the caller the file
 * is larger). Empty rows are left out; their numbers are kept by the others.
 */
export async function readSheet(
  bytes: Buffer,
  format: 'csv' | 'xlsx',
  maxRows: number,
): Promise<SheetTable & { more: boolean }> {
  const table: Array<{ row: number; cells: string[] }> = [];
  if (format === 'csv') {
    const records = parseCsv(bytes.toString('utf8'));
    records.forEach((cells, index) => table.push({ row: index + 1, cells }));
  } else {
    const book = new (await loadExcel()).Workbook();
    try {
      await book.xlsx.load(bytes as unknown as ArrayBuffer);
    } catch {
      throw new UnreadableSheet('This is not a readable Excel workbook');
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw new UnreadableSheet('This workbook has no sheet');
    const width = sheet.columnCount;
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      const cells: string[] = [];
      for (let c = 1; c <= width; c++) cells.push(xlsxText(row.getCell(c).value));
      table.push({ row: number, cells });
    });
  }
  const nonEmpty = table.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...data] = nonEmpty;
  const columns = (header?.cells ?? []).map((c) => c.trim());
  while (columns.length && columns[columns.length - 1] === '') columns.pop();
  return {
    columns,
    rows: data.slice(0, maxRows).map((r) => ({ row: r.row, cells: r.cells.map(cellText) })),
    more: data.length > maxRows,
  };
}
