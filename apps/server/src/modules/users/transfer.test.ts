import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { Import, ImportPreviewAnswer } from '@bo/contract/imports';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { parseCsv } from '../../lib/sheets.js';

/** Waits until `check` answers something truthy, polling; fails after `ms`. */
async function until<T>(check: () => Promise<T> | T, ms = 120_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

function upload(t: TestApp, token: string, file: { name: string; bytes: Buffer; type: string }) {
  const boundary = '----bo-test-import';
  return call(t.app, token, {
    method: 'POST',
    url: '/api/users/imports',
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** 1,000 people; the rows listed in BAD (file rows, the header being row 1) are wrong. */
const BAD: Record<number, string> = {
  5: 'email',
  50: 'firstName',
  120: 'role',
  200: 'status',
  333: 'phone',
  400: 'company',
  512: 'email',
  640: 'lastName',
  777: 'email',
  901: 'role',
};

function peopleCsv(): string {
  const lines = ['First name,Last name,Email,Phone number,Company,Role,Status,Zip/code'];
  for (let i = 1; i <= 1000; i++) {
    const row = i + 1;
    const cells = [
      `Imported${i}`,
      `Person`,
      `imported.${i}@import.test`,
      '+33 1 23 45 67 89',
      `Acme ${i % 7}`,
      'user',
      'active',
      '01234',
    ];
    switch (BAD[row]) {
      case 'email':
        cells[2] = row === 777 ? 'imported.3@import.test' : row === 512 ? '' : 'not-an-email';
        break;
      case 'firstName':
        cells[0] = '';
        break;
      case 'lastName':
        cells[1] = ' ';
        break;
      case 'role':
        cells[5] = 'astronaut';
        break;
      case 'status':
        cells[6] = 'sleeping';
        break;
      case 'phone':
        cells[3] = 'call me';
        break;
      case 'company':
        cells[4] = 'x'.repeat(200);
        break;
    }
    lines.push(cells.map((c) => (c.includes(',') ? `"${c}"` : c)).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

describe('people export and import', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({
      jobs: { workers: true, pollSeconds: 0.5, maintenanceSeconds: 1 },
    });
    admin = (await login(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const preview = async (id: string, body: object, query = '') => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: `/api/users/imports/${id}/preview${query}`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ImportPreviewAnswer;
  };
  const run = async (id: string, body: object) => {
    const res = await call(t.app, admin, {
      method: 'POST',
      url: `/api/users/imports/${id}/run`,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(202);
    return until(async () => {
      const got = await call(t.app, admin, { method: 'GET', url: `/api/users/imports/${id}` });
      const imp = (got.json() as { import: Import }).import;
      if (imp.status === 'failed') throw new Error(imp.error ?? 'failed');
      return imp.status === 'done' ? imp : null;
    });
  };
  const exportCsv = async (query = '') => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users/export?format=csv&sort=email&order=asc${query}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };
  const uploadOk = async (file: { name: string; bytes: Buffer; type: string }) => {
    const res = await upload(t, admin, file);
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { import: Import }).import;
  };

  it('imports 1,000 people with 10 bad rows: the preview names them, the run creates 990, the export reads back unchanged', async () => {
    const imp = await uploadOk({
      name: 'people.csv',
      bytes: Buffer.from(peopleCsv()),
      type: 'text/csv',
    });
    expect(imp.rowCount).toBe(1000);
    expect(imp.suggestedMapping).toMatchObject({
      firstName: 'First name',
      lastName: 'Last name',
      email: 'Email',
      phone: 'Phone number',
      role: 'Role',
      status: 'Status',
      zipCode: 'Zip/code',
      country: null,
    });
    const options = { mapping: imp.suggestedMapping, duplicates: 'update', lang: 'fr' };
    const dry = await preview(imp.id, options);
    expect(dry.counts).toEqual({ create: 990, update: 0, unchanged: 0, skip: 0, error: 10 });
    expect(dry.total).toBe(10);
    expect(dry.rows.map((r) => r.row)).toEqual(
      Object.keys(BAD)
        .map(Number)
        .sort((a, b) => a - b),
    );
    for (const r of dry.rows) {
      expect(r.action).toBe('error');
      expect(r.errors.map((e) => e.field)).toEqual([BAD[r.row]]);
    }
    const byRow = new Map(dry.rows.map((r) => [r.row, r.errors[0]!]));
    expect(byRow.get(5)).toMatchObject({
      code: 'invalid_email',
      message: 'Ce n’est pas une adresse e-mail valide',
    });
    expect(byRow.get(777)).toMatchObject({ code: 'duplicate_in_file' });
    expect(byRow.get(777)!.message).toContain('4');
    expect(byRow.get(120)).toMatchObject({ code: 'role_unknown' });
    expect(byRow.get(50)).toMatchObject({ code: 'required', message: 'Ce champ est obligatoire' });
    // Every row with its action, a page at a time.
    const all = await preview(imp.id, options, '?rows=all&page=2');
    expect(all.total).toBe(1000);
    expect(all.rows[0]).toMatchObject({ row: 102, action: 'create' });

    const done = await run(imp.id, options);
    expect(done.report).toMatchObject({ created: 990, updated: 0, skipped: 0 });
    expect(done.report!.refused.map((r) => r.row)).toEqual(dry.rows.map((r) => r.row));
    expect(done.progress).toEqual({ processed: 990, total: 990 });
    const [created] = await t.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM users WHERE email LIKE '%@import.test'`,
    );
    expect(created!.n).toBe(990);
    const [person] = await t.database.query<{
      password_hash: string | null;
      zip_code: string;
      phone: string;
    }>(`SELECT password_hash, zip_code, phone FROM users WHERE email = 'imported.1@import.test'`);
    expect(person).toEqual({ password_hash: null, zip_code: '01234', phone: '+33 1 23 45 67 89' });
    const audits = await t.database.query<{ meta: Record<string, unknown> }>(
      `SELECT meta FROM audit_log WHERE action = 'user.import'`,
    );
    expect(audits[0]!.meta).toMatchObject({ created: 990, refused: 10, rows: 1000 });
    // Running it twice is refused.
    const again = await call(t.app, admin, {
      method: 'POST',
      url: `/api/users/imports/${imp.id}/run`,
      payload: options,
    });
    expect(again.statusCode).toBe(409);

    // The export, read back: nothing created, nothing changed.
    const before = await exportCsv();
    const rows = parseCsv(before);
    expect(rows[0]).toContain('First name');
    expect(rows.length - 1).toBeGreaterThanOrEqual(991);
    const exported = await uploadOk({
      name: 'people.csv',
      bytes: Buffer.from(before),
      type: 'text/csv',
    });
    expect(exported.suggestedMapping.email).toBe('Email');
    const back = { mapping: exported.suggestedMapping, duplicates: 'update' };
    const dryBack = await preview(exported.id, back);
    expect(dryBack.counts).toMatchObject({ create: 0, update: 0, error: 0 });
    const doneBack = await run(exported.id, back);
    expect(doneBack.report).toMatchObject({ created: 0, updated: 0, refused: [] });
    expect(await exportCsv()).toBe(before);

    // The same in Excel, written in Arabic: its headers map themselves.
    const xlsx = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users/export?format=xlsx&sort=email&order=asc&lang=ar',
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]!.getRow(1).getCell(3).value).toBe('البريد الإلكتروني');
    const fromXlsx = await uploadOk({ name: 'people.xlsx', bytes: xlsx.rawPayload, type: XLSX });
    expect(fromXlsx.format).toBe('xlsx');
    expect(fromXlsx.suggestedMapping).toMatchObject({ email: 'البريد الإلكتروني' });
    const xlsxOptions = { mapping: fromXlsx.suggestedMapping, duplicates: 'update' };
    expect((await preview(fromXlsx.id, xlsxOptions)).counts).toMatchObject({
      create: 0,
      update: 0,
      error: 0,
    });
    const doneXlsx = await run(fromXlsx.id, xlsxOptions);
    expect(doneXlsx.report).toMatchObject({ created: 0, updated: 0, refused: [] });
    expect(await exportCsv()).toBe(before);

    // Skip leaves existing people as they are, even where the file differs.
    const changed = before.replace('"Imported1"', '"Renamed1"');
    const skipping = await uploadOk({
      name: 'people.csv',
      bytes: Buffer.from(changed),
      type: 'text/csv',
    });
    const skip = { mapping: skipping.suggestedMapping, duplicates: 'skip' };
    const drySkip = await preview(skipping.id, skip);
    expect(drySkip.counts.create).toBe(0);
    expect(drySkip.counts.update).toBe(0);
    expect(drySkip.counts.skip).toBe(rows.length - 1);
    const doneSkip = await run(skipping.id, skip);
    expect(doneSkip.report!.skipped).toBe(rows.length - 1);
    expect(await exportCsv()).toBe(before);

    // Update changes only the row that differs.
    const updating = await uploadOk({
      name: 'people.csv',
      bytes: Buffer.from(changed),
      type: 'text/csv',
    });
    const update = { mapping: updating.suggestedMapping, duplicates: 'update' };
    expect((await preview(updating.id, update)).counts).toMatchObject({ create: 0, update: 1 });
    const doneUpdate = await run(updating.id, update);
    expect(doneUpdate.report).toMatchObject({ created: 0, updated: 1 });
    const [renamed] = await t.database.query<{ first_name: string }>(
      `SELECT first_name FROM users WHERE email = 'imported.1@import.test'`,
    );
    expect(renamed!.first_name).toBe('Renamed1');
  }, 300_000);

  it('exports the filter with headers in the asked language and audits the row count', async () => {
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users/export?format=csv&q=admin&lang=vi',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body);
    expect(rows[0]!.slice(0, 3)).toEqual(['Tên', 'Họ', 'Email']);
    // ISO times in CSV.
    expect(rows[1]![13]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const [entry] = await t.database.query<{ meta: { rows: number; format: string } }>(
      `SELECT meta FROM audit_log WHERE action = 'user.export' ORDER BY id DESC LIMIT 1`,
    );
    expect(entry!.meta).toMatchObject({ rows: rows.length - 1, format: 'csv' });
  });

  it('refuses a file that is not CSV or XLSX, a wrong mapping, and people without the permission', async () => {
    const pdf = await upload(t, admin, {
      name: 'x.pdf',
      bytes: Buffer.from('%PDF-1.4\n'),
      type: 'application/pdf',
    });
    expect(pdf.statusCode).toBe(415);
    const imp = await uploadOk({
      name: 'p.csv',
      bytes: Buffer.from('Email,First name\r\na@b.test,A\r\n'),
      type: 'text/csv',
    });
    const wrong = await call(t.app, admin, {
      method: 'POST',
      url: `/api/users/imports/${imp.id}/preview`,
      payload: { mapping: { email: 'Email', firstName: 'First name' }, duplicates: 'update' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0].field).toBe('mapping.lastName');

    const user = (await registerUser(t.app, { email: 'plain@import-perm.test' })).accessToken;
    const refused = await upload(t, user, {
      name: 'p.csv',
      bytes: Buffer.from('Email\r\na@b.test\r\n'),
      type: 'text/csv',
    });
    expect(refused.statusCode).toBe(403);
    for (const [method, url] of [
      ['GET', `/api/users/imports/${imp.id}`],
      ['POST', `/api/users/imports/${imp.id}/preview`],
      ['POST', `/api/users/imports/${imp.id}/run`],
    ] as const) {
      const res = await call(t.app, user, {
        method,
        url,
        ...(method === 'POST' ? { payload: { mapping: {}, duplicates: 'skip' } } : {}),
      });
      expect(res.statusCode, url).toBe(403);
    }
    // Reading the list is enough to export it; private contact details stay hidden.
    const exported = await call(t.app, user, { method: 'GET', url: '/api/users/export' });
    expect(exported.statusCode).toBe(200);
  });

  it('refuses an export past 10,000 people, naming the filter', async () => {
    await t.database.query(
      `INSERT INTO users (email, first_name, last_name, display_name, slug, role, status)
       SELECT 'bulk.' || i || '@export.test', 'Bulk', 'Person' || i, 'Bulk Person' || i,
              'bulk-person-' || i, 'user', 'pending'
         FROM generate_series(1, 10001) AS i`,
    );
    const res = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users/export?status=pending',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0]).toMatchObject({
      field: 'status',
      code: 'export_too_large',
      params: { maximum: 10_000 },
    });
    const narrowed = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users/export?status=active&format=xlsx',
    });
    expect(narrowed.statusCode).toBe(200);
  }, 120_000);
});
