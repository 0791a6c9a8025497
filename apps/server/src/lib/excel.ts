import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a workbook is first written or read: it takes about a second to load, which
 * every server start and every server test file would otherwise pay for the few calls that use it.
 */
let loading: Promise<typeof ExcelJS> | undefined;
export function loadExcel(): Promise<typeof ExcelJS> {
  loading ??= import('exceljs').then((m) => m.default);
  return loading;
}
