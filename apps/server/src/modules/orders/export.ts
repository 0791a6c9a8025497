import ExcelJS from 'exceljs';
import type { OrderSummary } from '@bo/contract/orders';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const MONEY = new Set(['subtotal', 'discount', 'shipping', 'taxes', 'total']);

/**
 * Orders as an Excel workbook: one sheet, the header frozen and filterable, each cell typed (a
 * date is a date, an amount a number with two decimals), so a spreadsheet sorts and sums them.
 */
export async function ordersWorkbook(
  columns: ReadonlyArray<keyof OrderSummary>,
  rows: readonly OrderSummary[],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = 'Back-office';
  const sheet = book.addWorksheet('Orders', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((key) => ({
    header: key,
    key,
    width: key === 'customerEmail' || key === 'createdAt' ? 28 : 14,
    style: MONEY.has(key)
      ? { numFmt: '0.00' }
      : key === 'createdAt'
        ? { numFmt: 'yyyy-mm-dd hh:mm' }
        : {},
  }));
  for (const o of rows)
    sheet.addRow(
      Object.fromEntries(
        columns.map((key) => [key, key === 'createdAt' ? new Date(o.createdAt) : (o[key] ?? '')]),
      ),
    );
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return Buffer.from(await book.xlsx.writeBuffer());
}
