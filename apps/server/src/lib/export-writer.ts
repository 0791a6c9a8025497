import { PassThrough, Readable, type Writable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { loadExcel } from './excel.js';
import { csvCell } from './csv.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** Data rows one worksheet holds (Excel's 1,048,576 rows, less the header); more go on a next sheet. */
export const XLSX_SHEET_ROWS = 1_048_575;

/** Bytes of sheet XML allowed to wait for the zip before the next page is read. */
const SHEET_BACKLOG_BYTES = 4 * 1024 * 1024;

/**
 * Bytes a stream was given and has not passed on. archiver wraps the sheet in a PassThrough of
 * readable-stream 2, which has no `writableLength`: its count is only in `_writableState`.
 */
function pending(stream: Writable): number {
  const state = (stream as { _writableState?: { length?: number } })._writableState;
  return stream.writableLength ?? state?.length ?? 0;
}

/** What exceljs's sheet stream holds unzipped: its own buffers and what its deflater has not taken. */
function sheetBacklog(sheet: unknown): number {
  const stream = (sheet as { stream?: { buffers?: unknown[]; pipes?: Writable[] } }).stream;
  const own = (stream?.buffers?.length ?? 0) * 65_536;
  return own + Math.max(0, ...(stream?.pipes ?? []).map(pending));
}

/** A column of an export: its header in the reader's language, and how a spreadsheet shows it. */
export interface ExportColumn {
  header: string;
  width: number;
  /** An Excel number format (`0.00`, `yyyy-mm-dd hh:mm`). */
  numFmt?: string;
}

/**
 * A CSV document streamed page by page (RFC 4180 line ends): the header line, then quoted rows.
 * Values are written as given (the caller keeps ISO times and decimal points).
 */
export function csvStream(
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ReadonlyArray<readonly unknown[]>>,
): Readable {
  async function* lines() {
    yield Buffer.from(`${columns.map((c) => c.header).join(',')}\r\n`);
    for await (const page of pages) {
      let chunk = '';
      for (const row of page) chunk += `${row.map(csvCell).join(',')}\r\n`;
      yield Buffer.from(chunk);
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * An Excel workbook streamed page by page through exceljs' WorkbookWriter: each row is committed
 * (and zipped) as it comes, strings are inlined rather than kept in a shared table, so memory
 * holds about one page whatever the row count. Header bold, frozen and filterable; cells typed as
 * given (a Date is a date, a number a number).
 */
export function xlsxStream(
  sheetName: string,
  columns: readonly ExportColumn[],
  pages: AsyncIterable<ReadonlyArray<readonly unknown[]>>,
): Readable {
  const out = new PassThrough();
  void (async () => {
    const ExcelJS = await loadExcel();
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: out,
      useStyles: true,
      useSharedStrings: false,
      // The fastest deflate: the sheet's XML is most of the work, and level 1 costs a fifth more
      // bytes than the default 6 for less of the time the job holds a core.
      zip: { zlib: { level: 1 } },
    });
    book.creator = 'Back-office';
    const addSheet = (n: number) => {
      const sheet = book.addWorksheet(n === 1 ? sheetName : `${sheetName} ${n}`, {
        views: [{ state: 'frozen', ySplit: 1 }],
      });
      sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
      sheet.columns = columns.map((c, i) => ({
        header: c.header,
        key: String(i),
        width: c.width,
        style: c.numFmt ? { numFmt: c.numFmt } : {},
      }));
      sheet.getRow(1).font = { bold: true };
      sheet.getRow(1).commit();
      return sheet;
    };
    let sheets = 1;
    let sheet = addSheet(1);
    let inSheet = 0;
    for await (const page of pages) {
      for (const values of page) {
        if (inSheet === XLSX_SHEET_ROWS) {
          sheet.commit();
          sheet = addSheet(++sheets);
          inSheet = 0;
        }
        sheet.addRow(values as unknown[]).commit();
        inSheet++;
      }
      // Let the zip and the store take what this page made before the next one is read: the
      // sheet's buffer writes into the zip's deflater without waiting for it, so rows would pile
      // up in memory whenever compressing or storing is slower than reading.
      await nextTurn();
      while (sheetBacklog(sheet) > SHEET_BACKLOG_BYTES || out.writableNeedDrain)
        await new Promise((r) => setTimeout(r, 2));
    }
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return out;
}

/** A whole small workbook in memory (the answer of an export given at once). */
export async function xlsxBuffer(
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: ReadonlyArray<readonly unknown[]>,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of xlsxStream(
    sheetName,
    columns,
    (async function* () {
      yield rows;
    })(),
  ))
    chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
