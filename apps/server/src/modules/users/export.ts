import { loadExcel } from '../../lib/excel.js';
import type { User } from '@bo/contract/users';
import { USER_EXPORT_COLUMNS, type UserExportColumn } from '@bo/contract/users-transfer';
import { toCsv } from '../../lib/csv.js';
import { USER_HEADERS, type Lang } from './transfer-texts.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A person's cell as text: what the viewer may see (toUser blanked the rest), '' for none. */
const cell = (u: User, key: UserExportColumn): string => {
  const v = u[key];
  return v === null || v === undefined ? '' : String(v);
};

/** People as CSV: the header in the person's language, ISO times, nothing localised below it. */
export function usersCsv(lang: Lang, people: readonly User[]): string {
  return toCsv(
    USER_EXPORT_COLUMNS.map((c) => USER_HEADERS[lang][c]),
    people.map((u) => USER_EXPORT_COLUMNS.map((c) => cell(u, c))),
  );
}

/**
 * People as an Excel workbook: one sheet, the header (in the person's language) frozen and
 * filterable, `createdAt` a real date; every other cell text, so a phone or zip keeps its form.
 */
export async function usersWorkbook(lang: Lang, people: readonly User[]): Promise<Buffer> {
  const book = new (await loadExcel()).Workbook();
  book.creator = 'Back-office';
  const sheet = book.addWorksheet('People', {
    views: [{ state: 'frozen', ySplit: 1, rightToLeft: lang === 'ar' }],
  });
  sheet.columns = USER_EXPORT_COLUMNS.map((key) => ({
    header: USER_HEADERS[lang][key],
    key,
    width: key === 'email' || key === 'address' ? 30 : key === 'createdAt' ? 20 : 16,
    style: key === 'createdAt' ? { numFmt: 'yyyy-mm-dd hh:mm' } : { numFmt: '@' },
  }));
  for (const u of people)
    sheet.addRow(
      Object.fromEntries(
        USER_EXPORT_COLUMNS.map((key) => [
          key,
          key === 'createdAt' ? new Date(u.createdAt) : cell(u, key),
        ]),
      ),
    );
  sheet.getRow(1).font = { bold: true };
  sheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: 1, column: USER_EXPORT_COLUMNS.length },
  };
  return Buffer.from(await book.xlsx.writeBuffer());
}
