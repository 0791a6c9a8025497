import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SavedView } from '@bo/contract/views';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
/** Two clerks with the same role (orders:read), and a person of the default role. */
let ann: string;
let bob: string;
let cat: string;
let clerks: { id: string; name: string };

const api = (
  token: string,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) => call(t.app, token, { method, url, ...(payload ? { payload } : {}) });

const views = async (token: string, list = 'orders') => {
  const res = await api(token, 'GET', `/api/views?list=${list}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().views as SavedView[];
};

async function save(token: string, body: object) {
  const res = await api(token, 'POST', '/api/views', { list: 'orders', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().view as SavedView;
}

const completedThisMonth = {
  filters: { status: 'completed', from: '2026-11-01', to: '2026-11-30' },
  sort: { field: 'createdAt', order: 'desc' },
  columns: ['number', 'customer', 'total', 'status'],
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const role = await api(admin, 'POST', '/api/roles', {
    name: 'clerks',
    permissions: ['account:self', 'orders:read'],
  });
  expect(role.statusCode, role.body).toBe(201);
  clerks = role.json().role;
  for (const email of ['ann@views.test', 'bob@views.test', 'cat@views.test']) {
    const { user } = await registerUser(t.app, { email });
    if (email !== 'cat@views.test') {
      const set = await api(admin, 'PATCH', `/api/users/${user.id}`, { role: 'clerks' });
      expect(set.statusCode, set.body).toBe(200);
    }
  }
  ann = (await login(t.app, 'ann@views.test', 'a-long-unusual-password')).accessToken;
  bob = (await login(t.app, 'bob@views.test', 'a-long-unusual-password')).accessToken;
  cat = (await login(t.app, 'cat@views.test', 'a-long-unusual-password')).accessToken;
});
afterAll(async () => {
  await t.close();
});

describe('saved views', () => {
  it('saves a filter under a name, lists it, restores exactly what was saved', async () => {
    const made = await save(ann, { name: 'Completed this month', state: completedThisMonth });
    expect(made).toMatchObject({
      list: 'orders',
      name: 'Completed this month',
      state: { ...completedThisMonth, density: null },
      isDefault: false,
      mine: true,
      sharedWith: null,
    });
    const mine = await views(ann);
    expect(mine.map((v) => v.id)).toEqual([made.id]);
    // Another list, and another person, see none of it.
    expect(await views(ann, 'invoices').catch(() => [])).toEqual([]);
    expect(await views(bob)).toEqual([]);
  });

  it('keeps one default per list: marking another moves it', async () => {
    const first = await save(ann, {
      name: 'Pending',
      state: { filters: { status: 'pending' } },
      isDefault: true,
    });
    const second = await save(ann, {
      name: 'Refunded',
      state: { filters: { status: 'refunded' } },
    });
    const moved = await api(ann, 'PATCH', `/api/views/${second.id}`, { isDefault: true });
    expect(moved.statusCode, moved.body).toBe(200);
    const defaults = (await views(ann)).filter((v) => v.isDefault).map((v) => v.id);
    expect(defaults).toEqual([second.id]);
    expect((await views(ann)).find((v) => v.id === first.id)?.isDefault).toBe(false);
  });

  it('refuses a second view of the same name (any case) with the field named', async () => {
    await save(ann, { name: 'Big orders', state: { filters: { q: 'big' } } });
    const again = await api(ann, 'POST', '/api/views', {
      list: 'orders',
      name: 'BIG ORDERS',
      state: { filters: {} },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().details[0]).toMatchObject({ field: 'name', code: 'view_name_taken' });
    const blank = await api(ann, 'POST', '/api/views', { list: 'orders', name: ' ', state: {} });
    expect(blank.statusCode).toBe(400);
    expect(JSON.stringify(blank.json().details)).toContain('name');
    const unknownList = await api(ann, 'POST', '/api/views', {
      list: 'moons',
      name: 'x',
      state: {},
    });
    expect(unknownList.statusCode).toBe(400);
  });

  it('shares with a role: its people see it read-only, others do not', async () => {
    const shared = await save(ann, {
      name: 'Team: late orders',
      state: { filters: { status: 'pending' } },
      sharedWithRoleId: clerks.id,
    });
    expect(shared.sharedWith).toEqual({ id: clerks.id, name: 'clerks' });
    const seen = (await views(bob)).find((v) => v.id === shared.id);
    expect(seen).toMatchObject({ mine: false, isDefault: false, name: 'Team: late orders' });
    // Bob may not change or delete Ann's view; he is told why.
    const edit = await api(bob, 'PATCH', `/api/views/${shared.id}`, { name: 'Mine now' });
    expect(edit.statusCode).toBe(403);
    expect((await api(bob, 'DELETE', `/api/views/${shared.id}`)).statusCode).toBe(403);
    // The administrator, of another role, does not even see it.
    expect((await views(admin)).map((v) => v.id)).not.toContain(shared.id);
    expect((await api(admin, 'PATCH', `/api/views/${shared.id}`, { name: 'x' })).statusCode).toBe(
      404,
    );
    // Unshared, it leaves Bob's list.
    const unshare = await api(ann, 'PATCH', `/api/views/${shared.id}`, { sharedWithRoleId: null });
    expect(unshare.statusCode, unshare.body).toBe(200);
    expect((await views(bob)).map((v) => v.id)).not.toContain(shared.id);
    const badRole = await api(ann, 'PATCH', `/api/views/${shared.id}`, {
      sharedWithRoleId: '00000000-0000-4000-8000-000000000000',
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().details[0].field).toBe('sharedWithRoleId');
  });

  it('a list one may not read has no views for one (403)', async () => {
    // A person of the default role reads orders but not the audit log.
    expect((await api(cat, 'GET', '/api/views?list=orders')).statusCode).toBe(200);
    expect((await api(cat, 'GET', '/api/views?list=audit')).statusCode).toBe(403);
    const res = await api(cat, 'POST', '/api/views', { list: 'audit', name: 'x', state: {} });
    expect(res.statusCode).toBe(403);
  });

  it('deletes, audited with its name', async () => {
    const doomed = await save(bob, { name: 'Scratch', state: { filters: { status: 'draft' } } });
    expect((await api(bob, 'DELETE', `/api/views/${doomed.id}`)).statusCode).toBe(200);
    expect((await views(bob)).map((v) => v.id)).not.toContain(doomed.id);
    expect((await api(bob, 'DELETE', `/api/views/${doomed.id}`)).statusCode).toBe(404);
    for (const action of ['view.create', 'view.delete']) {
      const log = await api(admin, 'GET', `/api/admin/audit?action=${action}&limit=100`);
      expect(log.statusCode, log.body).toBe(200);
      const entry = (
        log.json().entries as Array<{ targetId: string; meta: { name?: string } }>
      ).find((e) => e.targetId === doomed.id);
      expect(entry?.meta.name, action).toBe('Scratch');
    }
  });
});
