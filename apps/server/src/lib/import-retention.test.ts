import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Import } from '@bo/contract/imports';
import type { Notification } from '@bo/contract/notifications';
import { call, createTestApp, login, type TestApp } from '../../test/helpers.js';
import { productJobKinds } from '../job-kinds.js';
import type { JobContext } from './jobs.js';
import { pruneImports } from './import-retention.js';

/** Waits until `check` answers something truthy, polling; fails after `ms`. */
async function until<T>(check: () => Promise<T> | T, ms = 60_000): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 200));
  }
}

const CSV = [
  'First name,Last name,Email,Role,Status',
  'Ada,Done,ada.done@import.test,user,active',
  'Bob,Done,bob.done@import.test,user,active',
  'Cy,Done,not-an-email,user,active',
].join('\r\n');

describe('people import: the notification when done, the sweep of old imports', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp({ jobs: { workers: true, pollSeconds: 0.5, maintenanceSeconds: 1 } });
    admin = (await login(t.app)).accessToken;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  const upload = async (name: string) => {
    const boundary = '----bo-test-import-done';
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/users/imports',
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        Buffer.from(CSV),
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { import: Import }).import;
  };
  const storageKey = async (id: string) =>
    (
      await t.database.query<{ storage_key: string }>(
        'SELECT storage_key FROM imports WHERE id = $1',
        [id],
      )
    )[0]?.storage_key;

  it('tells the person who ran it, with the counts, linking to the people list', async () => {
    const imp = await upload('team.csv');
    const run = await call(t.app, admin, {
      method: 'POST',
      url: `/api/users/imports/${imp.id}/run`,
      payload: { mapping: imp.suggestedMapping, duplicates: 'update' },
    });
    expect(run.statusCode, run.body).toBe(202);
    const notice = await until(async () => {
      const res = await call(t.app, admin, { method: 'GET', url: '/api/notifications' });
      return (res.json().notifications as Notification[]).find(
        (n) => n.type === 'import.done' && n.recordId === imp.id,
      );
    });
    expect(notice.title).toBe('team.csv');
    expect(JSON.parse(notice.body)).toEqual({
      created: 2,
      updated: 0,
      unchanged: 0,
      skipped: 0,
      refused: 1,
    });
    expect(notice.link).toBe('/dashboard/user/list');
    const got = await call(t.app, admin, { method: 'GET', url: `/api/users/imports/${imp.id}` });
    expect((got.json() as { import: Import }).import.status).toBe('done');
  });

  it('the nightly prune removes imports untouched for IMPORT_KEEP_DAYS and their files', async () => {
    const old = await upload('old.csv');
    const fresh = await upload('fresh.csv');
    const oldKey = (await storageKey(old.id))!;
    const freshKey = (await storageKey(fresh.id))!;
    expect(await t.app.storage.stat(oldKey)).not.toBeNull();
    // Eight days untouched: past the default week.
    await t.database.query(
      `UPDATE imports SET created_at = now() - interval '8 days', updated_at = now() - interval '8 days' WHERE id = $1`,
      [old.id],
    );
    // The export-prune job's handler, as the schedule runs it.
    const kind = productJobKinds(t.config, 'pglite').find((k) => k.name === 'export-prune')!;
    const result = (await kind.handler({} as never, { app: t.app } as JobContext)) as {
      imports: { removed: number };
    };
    expect(result.imports.removed).toBe(1);
    expect(await storageKey(old.id)).toBeUndefined();
    expect(await t.app.storage.stat(oldKey)).toBeNull();
    const gone = await call(t.app, admin, { method: 'GET', url: `/api/users/imports/${old.id}` });
    expect(gone.statusCode).toBe(404);
    // The fresh one stays, file and all.
    expect(await storageKey(fresh.id)).toBe(freshKey);
    expect(await t.app.storage.stat(freshKey)).not.toBeNull();
    // A shorter IMPORT_KEEP_DAYS sweeps sooner; a second run finds nothing more.
    await t.database.query(
      `UPDATE imports SET updated_at = now() - interval '2 days' WHERE id = $1`,
      [fresh.id],
    );
    expect(await pruneImports(t.app.services.db, t.app.storage, 3)).toEqual({ removed: 0 });
    expect(await pruneImports(t.app.services.db, t.app.storage, 1)).toEqual({ removed: 1 });
    expect(await t.app.storage.stat(freshKey)).toBeNull();
  });
});
