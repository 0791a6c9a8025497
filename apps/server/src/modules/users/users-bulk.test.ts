import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { BUILTIN_ROLES } from '@bo/contract/roles';
import { auditLog, outbox, sessions, users } from '../../db/schema/core.js';
import { call, createTestApp, login, type TestApp } from '../../../test/helpers.js';

/** POST /api/users/bulk: one action on several people, one transaction, each refusal named. */

let t: TestApp;
let admin: string;
let adminId: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  const a = await login(t.app);
  admin = a.accessToken;
  adminId = a.user.id;
});
afterAll(async () => {
  await t.close();
});

type Made = { id: string; email: string; role: string; status: string };
async function createUser(overrides: Record<string, unknown> = {}): Promise<Made> {
  seq++;
  const res = await call(t.app, admin, {
    method: 'POST',
    url: '/api/users',
    payload: {
      firstName: 'Bulk',
      lastName: `Person${seq}`,
      email: `bulk${seq}@test.local`,
      password: 'a-long-unusual-password',
      ...overrides,
    },
  });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return res.json().user as Made;
}

const bulk = (token: string, payload: Record<string, unknown>) =>
  call(t.app, token, { method: 'POST', url: '/api/users/bulk', payload });

const rowsOf = (ids: string[]) => t.database.db.select().from(users).where(inArray(users.id, ids));

async function bulkAudits(action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, action))
    .orderBy(desc(auditLog.id));
}

/** Someone who may manage people (users:write) but holds less than an administrator. */
async function manager(withDelete: boolean): Promise<{ token: string; id: string }> {
  seq++;
  const role = `mgr${seq}`;
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/api/roles',
    payload: {
      name: role,
      // All a plain user has, and managing people: an administrator stays out of reach.
      permissions: [...BUILTIN_ROLES.user, 'users:write', ...(withDelete ? ['users:delete'] : [])],
    },
  });
  expect(made.statusCode).toBe(201);
  const person = await createUser({ role });
  const session = await login(t.app, person.email, 'a-long-unusual-password');
  return { token: session.accessToken, id: person.id };
}

describe('POST /api/users/bulk', () => {
  it('changes the role of several people, audited once with the count', async () => {
    const a = await createUser();
    const b = await createUser();
    const res = await bulk(admin, { ids: [a.id, b.id], action: 'role', role: 'editor' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ changed: [a.id, b.id], refused: [] });
    expect((await rowsOf([a.id, b.id])).map((r) => r.role)).toEqual(['editor', 'editor']);
    const [entry] = await bulkAudits('user.bulk_role');
    expect(entry!.actorId).toBe(adminId);
    expect(entry!.meta).toMatchObject({
      count: 2,
      role: 'editor',
      ids: [a.id, b.id],
      before: { [a.id]: 'user', [b.id]: 'user' },
    });
  });

  it('suspends (ending their sessions), approves and invites again', async () => {
    const a = await createUser();
    const b = await createUser();
    await login(t.app, a.email, 'a-long-unusual-password');
    const suspended = await bulk(admin, { ids: [a.id, b.id], action: 'suspend' });
    expect(suspended.json().changed).toEqual([a.id, b.id]);
    expect((await rowsOf([a.id, b.id])).map((r) => r.status)).toEqual(['banned', 'banned']);
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, a.id)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);

    // Approve: a pending account is told; a suspended one is reopened (the undo of suspend).
    const p = await createUser({ status: 'pending' });
    const approved = await bulk(admin, { ids: [p.id, a.id], action: 'approve' });
    expect(approved.json()).toEqual({ changed: [p.id, a.id], refused: [] });
    expect((await rowsOf([p.id])).map((r) => r.status)).toEqual(['active']);
    const [mail] = await t.database.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, p.email))
      .orderBy(desc(outbox.createdAt));
    expect(mail).toBeDefined();

    // Invite again: only those who never chose a password get a new code.
    const fresh = await createUser({ password: undefined });
    const invited = await bulk(admin, { ids: [fresh.id, b.id], action: 'invite' });
    expect(invited.statusCode).toBe(200);
    expect(invited.json().changed).toEqual([fresh.id]);
    expect(invited.json().refused).toEqual([
      expect.objectContaining({ id: b.id, code: 'has_password', name: expect.any(String) }),
    ]);
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, fresh.email));
    expect(mails).toHaveLength(2);
    expect(mails.every((m) => /\b\d{6}\b/.test(m.text ?? ''))).toBe(true);
    expect((await bulkAudits('user.bulk_invited'))[0]!.meta).toMatchObject({
      count: 1,
      refused: 1,
    });
  });

  it('deletes, keeping the rules of the single delete', async () => {
    const a = await createUser();
    const res = await bulk(admin, { ids: [a.id], action: 'delete' });
    expect(res.json()).toEqual({ changed: [a.id], refused: [] });
    expect(await rowsOf([a.id])).toHaveLength(0);
    expect((await bulkAudits('user.bulk_deleted'))[0]!.meta).toMatchObject({
      count: 1,
      emails: [a.email],
    });
  });

  it('refuses the caller themselves and those it cannot find, naming each with why', async () => {
    const a = await createUser();
    const missing = '00000000-0000-4000-8000-00000000abcd';
    for (const action of ['suspend', 'delete'] as const) {
      const res = await bulk(admin, { ids: [adminId, a.id, missing], action });
      expect(res.statusCode).toBe(200);
      const answer = res.json() as { changed: string[]; refused: Array<Record<string, unknown>> };
      expect(answer.changed).toEqual([a.id]);
      expect(answer.refused).toEqual([
        expect.objectContaining({ id: adminId, code: 'self', message: expect.any(String) }),
        expect.objectContaining({ id: missing, code: 'not_found', name: null }),
      ]);
    }
    const demote = await bulk(admin, { ids: [adminId], action: 'role', role: 'user' });
    expect(demote.json().refused[0].code).toBe('self');
    const [me] = await rowsOf([adminId]);
    expect(me).toMatchObject({ role: 'admin', status: 'active' });
  });

  it('acts only on people whose role grants nothing the caller lacks', async () => {
    const m = await manager(false);
    const plain = await createUser();
    const other = await createUser({ role: 'admin' });
    const res = await bulk(m.token, { ids: [plain.id, other.id], action: 'suspend' });
    expect(res.statusCode).toBe(200);
    expect(res.json().changed).toEqual([plain.id]);
    expect(res.json().refused).toEqual([
      expect.objectContaining({ id: other.id, code: 'not_manageable' }),
    ]);
    expect((await rowsOf([other.id]))[0]!.status).toBe('active');
    // Nor gives a role above their own.
    const up = await bulk(m.token, { ids: [plain.id], action: 'role', role: 'admin' });
    expect(up.statusCode).toBe(403);
    expect(up.json().details[0]).toMatchObject({ field: 'role', code: 'role_not_grantable' });
  });

  it('answers 403 to whoever lacks the permission of the action', async () => {
    const plain = await createUser();
    const session = await login(t.app, plain.email, 'a-long-unusual-password');
    const other = await createUser();
    expect(
      (await bulk(session.accessToken, { ids: [other.id], action: 'suspend' })).statusCode,
    ).toBe(403);
    // users:write without users:delete: everything but delete.
    const m = await manager(false);
    const del = await bulk(m.token, { ids: [other.id], action: 'delete' });
    expect(del.statusCode).toBe(403);
    expect(await rowsOf([other.id])).toHaveLength(1);
    const withDelete = await manager(true);
    expect((await bulk(withDelete.token, { ids: [other.id], action: 'delete' })).json()).toEqual({
      changed: [other.id],
      refused: [],
    });
  });

  it('writes nothing on a bad request, nor for a refused row, nor an audit when none changed', async () => {
    const a = await createUser();
    const before = (await bulkAudits('user.bulk_role')).length;
    const unknown = await bulk(admin, { ids: [a.id], action: 'role', role: 'nobody-has-this' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('role');
    for (const payload of [
      { ids: [], action: 'suspend' },
      { ids: ['nope'], action: 'suspend' },
      { ids: [a.id], action: 'explode' },
      { ids: [a.id], action: 'role' },
      { ids: [a.id], action: 'suspend', role: 'user' },
    ]) {
      const res = await bulk(admin, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().details.length).toBeGreaterThan(0);
    }
    const none = await bulk(admin, { ids: [adminId], action: 'role', role: 'user' });
    expect(none.json()).toMatchObject({ changed: [] });
    expect((await bulkAudits('user.bulk_role')).length).toBe(before);
    expect((await rowsOf([a.id]))[0]!.role).toBe('user');
    const tooMany = await bulk(admin, {
      ids: Array.from(
        { length: 501 },
        (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
      action: 'suspend',
    });
    expect(tooMany.statusCode).toBe(400);
  });
});
