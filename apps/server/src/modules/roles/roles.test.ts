import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import { PERMISSIONS } from '@bo/contract/roles';
import type { Role } from '@bo/contract/users';
import { auditLog } from '../../db/schema/core.js';
import {
  STORE,
  call,
  createPeerApp,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  const session = await login(t.app);
  admin = session.accessToken;
  adminId = session.user.id;
});
afterAll(async () => {
  await t?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const api = (method: Method, url: string, payload?: object, token = admin, app = t.app) =>
  call(app, token, { method, url, ...(payload ? { payload } : {}) });

async function roles(): Promise<Role[]> {
  const res = await api('GET', '/api/roles');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().roles as Role[];
}
const roleNamed = async (name: string) => (await roles()).find((r) => r.name === name);

async function createRole(name: string, permissions: string[]): Promise<Role> {
  const res = await api('POST', '/api/roles', { name, permissions });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().role as Role;
}

async function setRole(userId: string, role: string, token = admin) {
  return api('PATCH', `/api/users/${userId}`, { role }, token);
}

async function lastAudit(action: string, targetId: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row?.meta as { before: unknown; after: unknown } | undefined;
}

const BASE = ['account:self', 'users:read'];

describe('roles', () => {
  it('lists the roles with their id, whether built in, and their number of people', async () => {
    const list = await roles();
    const names = list.map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['admin', 'user', 'editor']));
    const adminRole = list.find((r) => r.name === 'admin')!;
    expect(adminRole.builtIn).toBe(true);
    expect(adminRole.people).toBeGreaterThanOrEqual(1);
    expect(adminRole.id).toMatch(/^[0-9a-f-]{36}$/);
    expect([...adminRole.permissions].sort()).toEqual([...PERMISSIONS].sort());
  });

  it('describes every permission with its area', async () => {
    const res = await api('GET', '/api/permissions');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().permissions as Array<{
      name: string;
      area: string;
      description: string;
    }>;
    expect(list.map((p) => p.name)).toEqual([...PERMISSIONS]);
    for (const p of list) {
      expect(p.area.length).toBeGreaterThan(0);
      expect(p.description.length).toBeGreaterThan(5);
    }
    expect(list.find((p) => p.name === 'roles:manage')!.area).toBe('administration');
  });

  it('creates, renames, duplicates and deletes a role, each audited with before and after', async () => {
    const created = await createRole('Support', [...BASE, 'orders:read']);
    expect(created).toMatchObject({ name: 'Support', builtIn: false, people: 0 });
    expect(created.permissions).toEqual(['account:self', 'orders:read', 'users:read']);
    expect(await lastAudit('role.created', created.id)).toMatchObject({
      before: null,
      after: { name: 'Support', permissions: created.permissions },
    });

    // Names are unique whatever their case; bad names and unknown permissions name the field.
    const taken = await api('POST', '/api/roles', { name: 'support', permissions: BASE });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().details[0]).toMatchObject({ field: 'name', code: 'role_name_taken' });
    const unknown = await api('POST', '/api/roles', { name: 'X', permissions: ['nope:never'] });
    expect(unknown.statusCode).toBe(400);
    expect(JSON.stringify(unknown.json().details)).toContain('permissions');

    // A person of the role follows its rename.
    const person = await registerUser(t.app, { email: 'support-person@test.local' });
    expect((await setRole(person.user.id, 'Support')).statusCode).toBe(200);
    const renamed = await api('PATCH', `/api/roles/${created.id}`, { name: 'Customer care' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().role).toMatchObject({ id: created.id, name: 'Customer care', people: 1 });
    const seen = await api('GET', `/api/users/${person.user.id}`);
    expect(seen.json().user.role).toBe('Customer care');
    expect(await lastAudit('role.updated', created.id)).toMatchObject({
      before: { name: 'Support' },
      after: { name: 'Customer care' },
    });

    // Duplicating is creating with another role's permissions.
    const editor = (await roleNamed('editor'))!;
    const copy = await createRole('Editor (copy)', editor.permissions);
    expect(copy.permissions).toEqual(editor.permissions);

    // Deleting a role people have asks where they go.
    const refused = await api('DELETE', `/api/roles/${created.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details[0]).toMatchObject({ field: 'moveTo', code: 'required' });
    const badTarget = await api('DELETE', `/api/roles/${created.id}?moveTo=ghost`);
    expect(badTarget.statusCode).toBe(400);
    const deleted = await api('DELETE', `/api/roles/${created.id}?moveTo=Editor%20(copy)`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ ok: true, moved: 1 });
    expect((await api('GET', `/api/users/${person.user.id}`)).json().user.role).toBe(
      'Editor (copy)',
    );
    expect(await roleNamed('Customer care')).toBeUndefined();
    expect((await roleNamed('Editor (copy)'))!.people).toBe(1);
    expect(await lastAudit('role.deleted', created.id)).toMatchObject({
      before: { name: 'Customer care' },
      after: null,
    });
    expect((await api('DELETE', `/api/roles/${created.id}`)).statusCode).toBe(404);

    // The people screens list the custom role, and a person can be given it by its name.
    const users = await api('GET', '/api/users?role=Editor%20(copy)');
    expect(users.json().users.map((u: { id: string }) => u.id)).toEqual([person.user.id]);
  });

  it('keeps the built-in roles whole', async () => {
    const list = await roles();
    const adminRole = list.find((r) => r.name === 'admin')!;
    const userRole = list.find((r) => r.name === 'user')!;
    const cut = await api('PATCH', `/api/roles/${adminRole.id}`, {
      permissions: adminRole.permissions.filter((p) => p !== 'invoices:read'),
    });
    expect(cut.statusCode).toBe(409);
    expect(cut.json().details[0]).toMatchObject({ field: 'permissions', code: 'role_built_in' });
    const renamed = await api('PATCH', `/api/roles/${userRole.id}`, { name: 'member' });
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().details[0]).toMatchObject({ field: 'name', code: 'role_built_in' });
    const deleted = await api('DELETE', `/api/roles/${userRole.id}?moveTo=editor`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().details[0].code).toBe('role_built_in');
    // A built-in role other than the administrator's can be given other permissions.
    const edited = await api('PATCH', `/api/roles/${userRole.id}`, {
      permissions: [...userRole.permissions, 'invoices:read'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const back = await api('PATCH', `/api/roles/${userRole.id}`, {
      permissions: userRole.permissions,
    });
    expect(back.statusCode).toBe(200);
  });

  it('refuses to take roles:manage from its last holder, by role, by person or by deletion', async () => {
    await createRole('Overseer', [...BASE, 'users:write', 'admin:area']);
    const keepers = await createRole('Keepers', [
      ...BASE,
      'users:write',
      'admin:area',
      'roles:manage',
    ]);
    const keeper = await registerUser(t.app, { email: 'keeper@test.local' });
    expect((await setRole(keeper.user.id, 'Keepers')).statusCode).toBe(200);
    const k = keeper.accessToken;
    // The administrator steps down: the keeper still manages roles.
    expect((await setRole(adminId, 'Overseer')).statusCode).toBe(200);
    try {
      expect((await api('GET', '/api/permissions')).statusCode).toBe(403);

      const byRole = await api(
        'PATCH',
        `/api/roles/${keepers.id}`,
        { permissions: [...BASE, 'users:write', 'admin:area'] },
        k,
      );
      expect(byRole.statusCode).toBe(409);
      expect(byRole.json().details[0]).toMatchObject({
        field: 'permissions',
        code: 'last_role_manager',
      });
      const byPerson = await setRole(keeper.user.id, 'Overseer', k);
      expect(byPerson.statusCode).toBe(409);
      expect(byPerson.json().details[0]).toMatchObject({
        field: 'role',
        code: 'last_role_manager',
      });
      const byDeletion = await api('DELETE', `/api/roles/${keepers.id}?moveTo=Overseer`, {}, k);
      expect(byDeletion.statusCode).toBe(409);
      expect(byDeletion.json().details[0]).toMatchObject({
        field: 'moveTo',
        code: 'last_role_manager',
      });
      // Nothing changed.
      expect((await api('GET', '/api/permissions', undefined, k)).statusCode).toBe(200);
      expect((await roleNamed('Keepers'))!.permissions).toContain('roles:manage');
    } finally {
      expect((await setRole(adminId, 'admin', k)).statusCode).toBe(200);
    }
    // With the administrator back, the keeper may step down.
    expect((await setRole(keeper.user.id, 'Overseer', k)).statusCode).toBe(200);
  });
});

describe('a role change, across instances', () => {
  let peer: { app: FastifyInstance; close(): Promise<void> };
  beforeAll(async () => {
    peer = await createPeerApp(t);
    // On PostgreSQL the peer hears no change notification at all, as if they were late: the
    // change must count on its next request anyway.
    if (STORE === 'postgres') await peer.app.services.versions.stop();
  });
  afterAll(async () => {
    await peer?.close();
  });

  it('refuses the invoice list on the other instance from the next request', async () => {
    const role = await createRole('Bookkeeper', [...BASE, 'invoices:read']);
    const person = await registerUser(t.app, { email: 'bookkeeper@test.local' });
    expect((await setRole(person.user.id, 'Bookkeeper')).statusCode).toBe(200);
    const list = () => api('GET', '/api/invoices', undefined, person.accessToken, peer.app);
    expect((await list()).statusCode).toBe(200);

    const cut = await api('PATCH', `/api/roles/${role.id}`, { permissions: BASE });
    expect(cut.statusCode, cut.body).toBe(200);
    expect((await list()).statusCode).toBe(403);
    expect(await lastAudit('role.updated', role.id)).toMatchObject({
      before: { permissions: expect.arrayContaining(['invoices:read']) },
      after: { permissions: BASE },
    });

    const restored = await api('PATCH', `/api/roles/${role.id}`, {
      permissions: [...BASE, 'invoices:read'],
    });
    expect(restored.statusCode).toBe(200);
    expect((await list()).statusCode).toBe(200);
  });
});
