import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '../../db/schema/core.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

/** POST /api/files/bulk through HTTP: one call, one transaction, each row checked on its own. */

let t: TestApp;
let admin: string;
let adminId: string;
let bob: { token: string; id: string };
let carol: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await login(t.app);
  admin = signedIn.accessToken;
  adminId = signedIn.user.id;
  const people: Array<{ token: string; id: string }> = [];
  for (const name of ['bob', 'carol']) {
    const made = await registerUser(t.app, {
      email: `${name}.bulk@test.local`,
      firstName: name,
      lastName: 'Bulk',
    });
    const token = (await login(t.app, `${name}.bulk@test.local`, 'a-long-unusual-password'))
      .accessToken;
    people.push({ token, id: made.user.id });
  }
  [bob, carol] = people as [typeof bob, typeof carol];
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const send = (token: string, method: 'POST' | 'GET', url: string, payload?: object) =>
  call(t.app, token, { method, url, ...(payload ? { payload } : {}) });
const bulk = (token: string, payload: Record<string, unknown>) =>
  send(token, 'POST', '/api/files/bulk', payload);
async function folder(token: string, name: string, folderId?: string) {
  const res = await send(token, 'POST', '/api/files/folders', {
    name,
    ...(folderId ? { folderId } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as { id: string; name: string };
}
const namesIn = async (token: string, folderId?: string) =>
  (
    (await send(token, 'GET', `/api/files${folderId ? `?folderId=${folderId}` : ''}`)).json()
      .files as Array<{ name: string }>
  )
    .map((f) => f.name)
    .sort();
const lastAudit = async () =>
  (
    await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'files.bulk'))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

describe('POST /api/files/bulk', () => {
  it('moves three items in one call, audited once with the count', async () => {
    const into = await folder(admin, 'Bulk target');
    const items = [
      await folder(admin, 'Bulk a'),
      await folder(admin, 'Bulk b'),
      await folder(admin, 'Bulk c'),
    ];
    const seen: Array<{ type: string }> = [];
    const off = t.app.services.events.on((e) => seen.push({ type: e.type }));
    const res = await bulk(admin, {
      action: 'move',
      ids: items.map((i) => i.id),
      folderId: into.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: items.map((i) => i.id), refused: [] });
    expect(await namesIn(admin, into.id)).toEqual(['Bulk a', 'Bulk b', 'Bulk c']);
    // Events travel through the database on PostgreSQL: they may come a moment later.
    await expect.poll(() => seen.some((e) => e.type === 'files.changed')).toBe(true);
    off();
    const entry = await lastAudit();
    expect(entry?.actorId).toBe(adminId);
    expect(entry?.meta).toMatchObject({ action: 'move', count: 3, refused: 0 });
  });

  it('names a refused row and why, and applies the others', async () => {
    const mine = [await folder(bob.token, 'Bob one'), await folder(bob.token, 'Bob two')];
    const carols = await folder(carol.token, 'Carol private');
    const into = await folder(bob.token, 'Bob target');
    // A clash: an item of that name is already in the target.
    await folder(bob.token, 'Bob two', into.id);
    const res = await bulk(bob.token, {
      action: 'move',
      ids: [mine[0]!.id, carols.id, mine[1]!.id],
      folderId: into.id,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.changed).toEqual([mine[0]!.id]);
    expect(body.refused).toEqual([
      { id: carols.id, name: null, code: 'not_found', message: expect.any(String) },
      { id: mine[1]!.id, name: 'Bob two', code: 'name_taken', message: expect.any(String) },
    ]);
    expect(await namesIn(bob.token, into.id)).toEqual(['Bob one', 'Bob two']);
    // Carol's folder did not move.
    expect(await namesIn(carol.token)).toContain('Carol private');
  });

  it('a person shared to view is refused with forbidden, the item named', async () => {
    const shared = await folder(carol.token, 'Carol shares');
    await send(carol.token, 'POST', `/api/files/${shared.id}/shares`, {
      userId: bob.id,
      access: 'view',
    });
    const res = await bulk(bob.token, { action: 'trash', ids: [shared.id] });
    expect(res.json()).toEqual({
      changed: [],
      refused: [
        { id: shared.id, name: 'Carol shares', code: 'forbidden', message: expect.any(String) },
      ],
    });
  });

  it('trashes several items, and restoring them (the undo) brings them back', async () => {
    const box = await folder(admin, 'Trash box');
    const items = [
      await folder(admin, 'T one', box.id),
      await folder(admin, 'T two', box.id),
      await folder(admin, 'T three', box.id),
    ];
    const inner = await folder(admin, 'deep', items[0]!.id);
    const ids = [inner.id, ...items.map((i) => i.id)];
    const trashed = await bulk(admin, { action: 'trash', ids });
    expect(trashed.json()).toEqual({ changed: ids, refused: [] });
    expect(await namesIn(admin, box.id)).toEqual([]);
    const restored = await bulk(admin, { action: 'restore', ids });
    expect(restored.json()).toEqual({ changed: ids, refused: [] });
    expect(await namesIn(admin, box.id)).toEqual(['T one', 'T three', 'T two']);
    // What was inside came back inside, not to the root.
    expect(await namesIn(admin, items[0]!.id)).toEqual(['deep']);
    expect((await lastAudit())?.meta).toMatchObject({ action: 'restore', count: 4 });
  });

  it('shares several items with a person, who is told of each', async () => {
    const items = [await folder(admin, 'Share one'), await folder(admin, 'Share two')];
    const seen: Array<{ type: string; audience: string[] | 'all' }> = [];
    const off = t.app.services.events.on((e) => seen.push({ type: e.type, audience: e.audience }));
    const res = await bulk(admin, {
      action: 'share',
      ids: items.map((i) => i.id),
      userIds: [carol.id],
      access: 'edit',
    });
    expect(res.json()).toEqual({ changed: items.map((i) => i.id), refused: [] });
    const theirs = (await send(carol.token, 'GET', '/api/files?view=shared')).json()
      .files as Array<{
      name: string;
      access: string;
    }>;
    expect(theirs.filter((f) => f.name.startsWith('Share ')).map((f) => f.access)).toEqual([
      'edit',
      'edit',
    ]);
    await expect
      .poll(
        () => seen.filter((e) => e.type === 'files.shared' && e.audience.includes(carol.id)).length,
      )
      .toBe(2);
    off();
    // Only the owner shares: bob cannot pass them on.
    const passOn = await bulk(bob.token, {
      action: 'share',
      ids: [items[0]!.id],
      userIds: [carol.id],
    });
    expect(passOn.json().refused[0]).toMatchObject({ id: items[0]!.id, code: 'not_found' });
  });

  it('answers 400 naming the field on bad input', async () => {
    const one = await folder(admin, 'Bad input');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'move', ids: [one.id] }, 'folderId'],
      [{ action: 'share', ids: [one.id] }, 'userIds'],
      [{ action: 'trash', ids: [] }, 'ids'],
      [{ action: 'trash', ids: ['nope'] }, 'ids.0'],
      [{ action: 'burn', ids: [one.id] }, 'action'],
      [{ action: 'trash', ids: [one.id], folderId: null }, 'folderId'],
    ];
    for (const [payload, field] of cases) {
      const res = await bulk(admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(payload),
      ).toContain(field);
    }
    // Sharing with oneself refuses the whole call, naming userIds.
    const self = await bulk(admin, { action: 'share', ids: [one.id], userIds: [adminId] });
    expect(self.statusCode).toBe(400);
    expect(self.json().details[0]).toMatchObject({ field: 'userIds', code: 'self' });
    // A target folder one may not write to refuses the whole call.
    const carols = await folder(carol.token, 'Carol target');
    const other = await bulk(admin, { action: 'move', ids: [one.id], folderId: carols.id });
    expect(other.statusCode).toBe(404);
    expect(other.json().details[0]).toMatchObject({ field: 'folderId', code: 'not_found' });
  });
});
