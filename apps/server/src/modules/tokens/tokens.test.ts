import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBody } from '../../../test/fixtures.js';
import {
  call,
  createPeerApp,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';

let t: TestApp;
let admin: string;
let ann: { accessToken: string; user: { id: string } };

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  ann = await registerUser(t.app, { email: 'ann@test.local' });
});
afterAll(async () => {
  await t.close();
});

async function makeToken(
  session: string,
  body: { name?: string; permissions: string[]; expiresAt?: string | null },
  url = '/api/account/tokens',
) {
  const res = await call(t.app, session, {
    method: 'POST',
    url,
    payload: { name: 'ci', expiresAt: inDays(30), ...body },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as {
    token: { id: string; prefix: string; lastUsedAt: string | null };
    secret: string;
  };
}

const orders = (secret: string, app = t.app) =>
  call(app, secret, { method: 'GET', url: '/api/orders' }).then((r) => r.statusCode);

/**
 * The status `GET /api/orders` settles on: a role edited in SQL reaches the permission cache by
 * its change notification, which PostgreSQL delivers a moment after the commit.
 */
async function settlesOn(secret: string, status: number) {
  let last = 0;
  for (let i = 0; i < 40; i++) {
    last = await orders(secret);
    if (last === status) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return last;
}

describe('a person’s API tokens', () => {
  it('reads what its permissions allow and nothing more', async () => {
    const { secret, token } = await makeToken(ann.accessToken, { permissions: ['orders:read'] });
    expect(secret).toMatch(/^bo_[\w-]{40,}$/);
    expect(secret.startsWith(token.prefix)).toBe(true);
    expect(await orders(secret)).toBe(200);
    const write = await call(t.app, secret, {
      method: 'POST',
      url: '/api/products',
      payload: productBody(),
    });
    expect(write.statusCode).toBe(403);
    // It cannot manage the account it belongs to, nor make more tokens.
    const more = await call(t.app, secret, { method: 'GET', url: '/api/account/tokens' });
    expect(more.statusCode).toBe(403);
  });

  it('stores the hash, never the secret', async () => {
    const { secret, token } = await makeToken(ann.accessToken, { permissions: ['orders:read'] });
    const rows = await t.database.query<Record<string, unknown>>(
      'SELECT * FROM api_tokens WHERE id = $1',
      [token.id],
    );
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0])).not.toContain(secret.slice(3));
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(secret).digest('hex'));
  });

  it('cannot hold a permission its owner lacks (400 naming permissions)', async () => {
    for (const permissions of [['products:write'], ['account:self'], []]) {
      const res = await call(t.app, ann.accessToken, {
        method: 'POST',
        url: '/api/account/tokens',
        payload: { name: 'too much', permissions, expiresAt: inDays(1) },
      });
      expect(res.statusCode, JSON.stringify(permissions)).toBe(400);
      expect(res.json().details.map((d: { field: string }) => d.field)).toContain('permissions');
    }
    const past = await call(t.app, ann.accessToken, {
      method: 'POST',
      url: '/api/account/tokens',
      payload: { name: 'old', permissions: ['orders:read'], expiresAt: inDays(-1) },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('expiresAt');
  });

  it('is revoked at once, on this instance and on another', async () => {
    const peer = await createPeerApp(t);
    try {
      const { secret, token } = await makeToken(ann.accessToken, { permissions: ['orders:read'] });
      expect(await orders(secret)).toBe(200);
      expect(await orders(secret, peer.app)).toBe(200);
      const revoked = await call(t.app, ann.accessToken, {
        method: 'DELETE',
        url: `/api/account/tokens/${token.id}`,
      });
      expect(revoked.statusCode).toBe(200);
      expect(await orders(secret)).toBe(401);
      expect(await orders(secret, peer.app)).toBe(401);
      const list = await call(t.app, ann.accessToken, {
        method: 'GET',
        url: '/api/account/tokens',
      });
      expect(list.json().tokens.map((x: { id: string }) => x.id)).not.toContain(token.id);
      // Someone else's token is not theirs to revoke.
      const other = await makeToken(admin, { permissions: ['orders:read'] });
      const foreign = await call(t.app, ann.accessToken, {
        method: 'DELETE',
        url: `/api/account/tokens/${other.token.id}`,
      });
      expect(foreign.statusCode).toBe(404);
      expect(await orders(other.secret)).toBe(200);
    } finally {
      await peer.close();
    }
  });

  it('holds only what the owner’s role still grants', async () => {
    const { secret } = await makeToken(ann.accessToken, { permissions: ['orders:read'] });
    expect(await orders(secret)).toBe(200);
    await t.database.query(
      `UPDATE roles SET permissions = array_remove(permissions, 'orders:read') WHERE name = 'user'`,
    );
    try {
      expect(await settlesOn(secret, 403)).toBe(403);
    } finally {
      await t.database.query(
        `UPDATE roles SET permissions = array_append(permissions, 'orders:read') WHERE name = 'user'`,
      );
    }
    expect(await settlesOn(secret, 200)).toBe(200);
  });

  it('stops when expired', async () => {
    const { secret, token } = await makeToken(ann.accessToken, { permissions: ['orders:read'] });
    expect(await orders(secret)).toBe(200);
    await t.database.query(
      `UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`,
      [token.id],
    );
    const res = await call(t.app, secret, { method: 'GET', url: '/api/orders' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('TOKEN_EXPIRED');
  });

  it('stops when its owner is suspended', async () => {
    const bob = await registerUser(t.app, { email: 'bob@test.local' });
    const { secret } = await makeToken(bob.accessToken, { permissions: ['orders:read'] });
    expect(await orders(secret)).toBe(200);
    const banned = await call(t.app, admin, {
      method: 'PATCH',
      url: `/api/users/${bob.user.id}`,
      payload: { status: 'banned' },
    });
    expect(banned.statusCode).toBe(200);
    expect(await orders(secret)).toBe(401);
  });

  it('records its last use, at most once a minute', async () => {
    const { secret, token } = await makeToken(ann.accessToken, { permissions: ['orders:read'] });
    expect(token.lastUsedAt).toBeNull();
    await orders(secret);
    const first = await t.database.query<{ last_used_at: Date }>(
      'SELECT last_used_at FROM api_tokens WHERE id = $1',
      [token.id],
    );
    // The update is not awaited by the request: give it a moment.
    for (let i = 0; i < 50 && !first[0]?.last_used_at; i++) {
      await new Promise((r) => setTimeout(r, 20));
      first.splice(
        0,
        1,
        ...(await t.database.query<{ last_used_at: Date }>(
          'SELECT last_used_at FROM api_tokens WHERE id = $1',
          [token.id],
        )),
      );
    }
    expect(first[0]!.last_used_at).not.toBeNull();
    await orders(secret);
    await new Promise((r) => setTimeout(r, 50));
    const second = await t.database.query<{ last_used_at: Date }>(
      'SELECT last_used_at FROM api_tokens WHERE id = $1',
      [token.id],
    );
    expect(new Date(second[0]!.last_used_at).getTime()).toBe(
      new Date(first[0]!.last_used_at).getTime(),
    );
    const list = await call(t.app, ann.accessToken, { method: 'GET', url: '/api/account/tokens' });
    const listed = list.json().tokens.find((x: { id: string }) => x.id === token.id);
    expect(listed.lastUsedAt).not.toBeNull();
  });
});

describe('administration', () => {
  it('a service token writes, audited as the token; the administrator sees and revokes every token', async () => {
    const forbidden = await call(t.app, ann.accessToken, {
      method: 'GET',
      url: '/api/admin/tokens',
    });
    expect(forbidden.statusCode).toBe(403);

    const service = await makeToken(
      admin,
      { name: 'shop sync', permissions: ['products:write', 'products:read'], expiresAt: null },
      '/api/admin/tokens',
    );
    const created = await call(t.app, service.secret, {
      method: 'POST',
      url: '/api/products',
      payload: productBody(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.database.query<{ actor_id: string | null; token_id: string | null }>(
      `SELECT actor_id, token_id FROM audit_log WHERE action = 'product.create'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(row).toEqual({ actor_id: null, token_id: service.token.id });

    // A person's write through their token: the actor is the person, with the token.
    const own = await makeToken(admin, { permissions: ['products:write'] });
    await call(t.app, own.secret, { method: 'POST', url: '/api/products', payload: productBody() });
    const [mine] = await t.database.query<{ actor_id: string | null; token_id: string | null }>(
      `SELECT actor_id, token_id FROM audit_log WHERE action = 'product.create'
        ORDER BY id DESC LIMIT 1`,
    );
    expect(mine!.token_id).toBe(own.token.id);
    expect(mine!.actor_id).not.toBeNull();

    const annToken = await makeToken(ann.accessToken, {
      name: 'ann’s',
      permissions: ['orders:read'],
    });
    const all = await call(t.app, admin, { method: 'GET', url: '/api/admin/tokens' });
    const listed = all.json().tokens as Array<{ id: string; owner: { email: string } | null }>;
    expect(listed.find((x) => x.id === service.token.id)?.owner).toBeNull();
    expect(listed.find((x) => x.id === annToken.token.id)?.owner?.email).toBe('ann@test.local');
    expect(JSON.stringify(all.json())).not.toContain(annToken.secret);

    const revoked = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/admin/tokens/${annToken.token.id}`,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await orders(annToken.secret)).toBe(401);
    const again = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/admin/tokens/${annToken.token.id}`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('the realtime sign-in refuses an API token', async () => {
    const { secret } = await makeToken(ann.accessToken, { permissions: ['chat:read'] });
    const fake = { ip: '127.0.0.1', headers: {} } as Parameters<typeof t.app.authenticateToken>[0];
    await expect(t.app.authenticateToken(fake, secret)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('lists a person’s sessions and ends one, audited; the session is refused next', async () => {
    const second = await login(t.app, 'ann@test.local', 'a-long-unusual-password');
    const denied = await call(t.app, ann.accessToken, {
      method: 'GET',
      url: `/api/users/${ann.user.id}/sessions`,
    });
    expect(denied.statusCode).toBe(403);

    const list = await call(t.app, admin, {
      method: 'GET',
      url: `/api/users/${ann.user.id}/sessions`,
    });
    expect(list.statusCode).toBe(200);
    const sessions = list.json().sessions as Array<{ id: string; lastSeenAt: string }>;
    expect(sessions.length).toBeGreaterThanOrEqual(2);
    const [{ id: secondId }] = await t.database.query<{ id: string }>(
      'SELECT id FROM sessions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1',
      [ann.user.id],
    );
    expect(sessions.map((s) => s.id)).toContain(secondId);

    const me = () =>
      call(t.app, second.accessToken, { method: 'GET', url: '/api/account/my-account/' });
    expect((await me()).statusCode).toBe(200);
    const ended = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/users/${ann.user.id}/sessions/${secondId}`,
    });
    expect(ended.statusCode).toBe(200);
    expect((await me()).statusCode).toBe(401);
    // The first session goes on.
    expect(
      (await call(t.app, ann.accessToken, { method: 'GET', url: '/api/account/my-account/' }))
        .statusCode,
    ).toBe(200);
    const [row] = await t.database.query<{ target_id: string; meta: { sessionId: string } }>(
      `SELECT target_id, meta FROM audit_log WHERE action = 'auth.session_ended_by_admin'`,
    );
    expect(row).toMatchObject({ target_id: ann.user.id, meta: { sessionId: secondId } });

    const gone = await call(t.app, admin, {
      method: 'DELETE',
      url: `/api/users/${ann.user.id}/sessions/${secondId}`,
    });
    expect(gone.statusCode).toBe(404);
    const nobody = await call(t.app, admin, {
      method: 'GET',
      url: '/api/users/00000000-0000-4000-8000-000000000000/sessions',
    });
    expect(nobody.statusCode).toBe(404);
  });
});
