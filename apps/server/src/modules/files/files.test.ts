import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import type { AppConfig } from '../../config.js';
import { call, createTestApp, login, registerUser, type TestApp } from '../../../test/helpers.js';
import { startS3 } from '../../../test/s3.js';

/**
 * The file manager through HTTP, once on each storage driver: the disk, and S3 (against s3rver,
 * a local S3-compatible server, in place of AWS S3 or MinIO).
 */

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(3000)]);

function multipart(name: string, type: string, body: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----bo${randomBytes(6).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    );
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    body,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const drivers = ['disk', 's3'] as const;

describe.each(drivers)('file manager on the %s driver', (driver) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>> | null = null;
  let admin: string;
  let bob: { token: string; id: string };
  let carol: { token: string; id: string };

  beforeAll(async () => {
    const overrides: Partial<AppConfig> = {
      maxUploadBytes: 2 * 1024 * 1024,
      storageQuotaBytes: 5 * 1024 * 1024,
    };
    if (driver === 's3') {
      s3 = await startS3('bo-files');
      overrides.s3 = s3.config;
    }
    t = await createTestApp(overrides);
    admin = (await login(t.app)).accessToken;
    const b = await registerUser(t.app, {
      email: `bob.${driver}@test.local`,
      firstName: 'Bob',
      lastName: 'Files',
    });
    const c = await registerUser(t.app, {
      email: `carol.${driver}@test.local`,
      firstName: 'Carol',
      lastName: 'Files',
    });
    bob = {
      token: (await login(t.app, `bob.${driver}@test.local`, 'a-long-unusual-password'))
        .accessToken,
      id: b.user.id,
    };
    carol = {
      token: (await login(t.app, `carol.${driver}@test.local`, 'a-long-unusual-password'))
        .accessToken,
      id: c.user.id,
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  const upload = (
    token: string,
    name: string,
    type: string,
    body: Buffer,
    fields: Record<string, string> = {},
  ) =>
    call(t.app, token, {
      method: 'POST',
      url: '/api/files',
      ...multipart(name, type, body, fields),
    });
  const get = (token: string, url: string, headers: Record<string, string> = {}) =>
    call(t.app, token, { method: 'GET', url, headers });
  const send = (
    token: string,
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => call(t.app, token, { method, url, ...(payload ? { payload } : {}) });

  it('uploads, lists, downloads whole and by range, with the checksum of the bytes', async () => {
    const res = await upload(admin, 'picture.png', 'image/png', PNG);
    expect(res.statusCode).toBe(201);
    const { file } = res.json();
    expect(file).toMatchObject({ name: 'picture.png', size: PNG.length, type: 'image/png' });
    expect(Object.keys(file)).toEqual(
      expect.arrayContaining(['id', 'name', 'size', 'type', 'url', 'createdAt']),
    );

    const list = (await get(admin, '/api/files')).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    const listed = list.files.find((f: { id: string }) => f.id === file.id);
    expect(listed).toMatchObject({
      category: 'image',
      checksum: sha(PNG),
      access: 'owner',
      isFolder: false,
    });

    const whole = await get(admin, file.url, { 'accept-encoding': 'gzip' });
    expect(whole.statusCode).toBe(200);
    // The stored bytes as they are, never recompressed: the length says what comes.
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(PNG.length));
    expect(whole.rawPayload.equals(PNG)).toBe(true);
    expect(whole.headers['content-type']).toBe('image/png');
    expect(whole.headers['x-content-type-options']).toBe('nosniff');
    expect(whole.headers['accept-ranges']).toBe('bytes');

    const part = await get(admin, file.url, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${PNG.length}`);
    expect(part.rawPayload.equals(PNG.subarray(100, 200))).toBe(true);
    const tail = await get(admin, file.url, { range: 'bytes=-10' });
    expect(tail.rawPayload.equals(PNG.subarray(PNG.length - 10))).toBe(true);
    expect((await get(admin, file.url, { range: `bytes=${PNG.length + 5}-` })).statusCode).toBe(
      416,
    );

    // Anonymous: 401; another person: as if it did not exist.
    expect((await t.app.inject({ method: 'GET', url: file.url })).statusCode).toBe(401);
    expect((await get(bob.token, file.url)).statusCode).toBe(404);
    expect((await get(bob.token, `/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('keeps folders: create, upload into, rename, move, refuse a clash or a loop', async () => {
    const made = await send(admin, 'POST', '/api/files/folders', { name: `Reports ${driver}` });
    expect(made.statusCode).toBe(201);
    const folder = made.json().file;
    expect(folder).toMatchObject({ isFolder: true, type: 'folder', category: 'folder' });
    const inner = (
      await send(admin, 'POST', '/api/files/folders', { name: '2026', folderId: folder.id })
    ).json().file;

    const up = await upload(admin, 'notes.txt', 'text/plain', Buffer.from('quarterly notes'), {
      folderId: inner.id,
    });
    expect(up.statusCode).toBe(201);
    const listed = (await get(admin, `/api/files?folderId=${inner.id}`)).json();
    expect(listed.files.map((f: { name: string }) => f.name)).toEqual(['notes.txt']);
    expect(listed.path.map((p: { name: string }) => p.name)).toEqual([`Reports ${driver}`, '2026']);

    const clash = await send(admin, 'POST', '/api/files/folders', {
      name: '2026',
      folderId: folder.id,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().details[0].field).toBe('name');
    const loop = await send(admin, 'PATCH', `/api/files/${folder.id}`, { folderId: inner.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().details[0].field).toBe('folderId');
    const bad = await send(admin, 'PATCH', `/api/files/${folder.id}`, { name: 'a/b' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('name');

    const moved = await send(admin, 'PATCH', `/api/files/${up.json().file.id}`, {
      folderId: null,
      name: 'moved.txt',
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().file).toMatchObject({ name: 'moved.txt', folderId: null });
    expect((await get(admin, `/api/files?folderId=${inner.id}`)).json().total).toBe(0);

    // Sort, filter and cursor pages.
    for (const n of ['c.txt', 'a.txt', 'b.txt'])
      await upload(admin, n, 'text/plain', Buffer.from(n), { folderId: folder.id });
    const page1 = (await get(admin, `/api/files?folderId=${folder.id}&limit=2&sort=name`)).json();
    expect(page1.files.map((f: { name: string }) => f.name)).toEqual(['2026', 'a.txt']);
    expect(page1.total).toBe(4);
    const page2 = (
      await get(
        admin,
        `/api/files?folderId=${folder.id}&limit=2&sort=name&cursor=${page1.nextCursor}`,
      )
    ).json();
    expect(page2.files.map((f: { name: string }) => f.name)).toEqual(['b.txt', 'c.txt']);
    expect(page2.nextCursor).toBeNull();
    // Newest first, the three files changed a microsecond apart: one a page, none skipped (a
    // cursor cut to the millisecond skipped them).
    await t.database.db.execute(sql`
      UPDATE files SET updated_at = '2026-01-02T10:00:00.000100Z'::timestamptz
             + (ascii(name) - ascii('a')) * interval '1 microsecond'
       WHERE parent_id = ${folder.id} AND NOT is_folder`);
    const newest: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { files: Array<{ name: string }>; nextCursor: string | null } = (
        await get(
          admin,
          `/api/files?folderId=${folder.id}&limit=1&sort=-updatedAt${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json();
      newest.push(...page.files.map((f: { name: string }) => f.name));
      cursor = page.nextCursor;
    } while (cursor && newest.length < 10);
    expect(newest).toEqual(['2026', 'c.txt', 'b.txt', 'a.txt']);
    const docs = (await get(admin, `/api/files?type=document&q=b.t`)).json();
    expect(docs.files.map((f: { name: string }) => f.name)).toEqual(['b.txt']);
  });

  it('copies a file, and a folder with everything in it, each copy with bytes of its own', async () => {
    const folder = (
      await send(admin, 'POST', '/api/files/folders', { name: `Copy ${driver}` })
    ).json().file;
    const inner = (
      await send(admin, 'POST', '/api/files/folders', { name: 'inner', folderId: folder.id })
    ).json().file;
    const file = (
      await upload(admin, 'deep.txt', 'text/plain', Buffer.from('deep'), { folderId: inner.id })
    ).json().file;

    const one = await send(admin, 'POST', `/api/files/${file.id}/copy`, {});
    expect(one.statusCode).toBe(201);
    expect(one.json().file).toMatchObject({ name: 'deep (1).txt', folderId: inner.id });

    const copied = await send(admin, 'POST', `/api/files/${folder.id}/copy`, { folderId: null });
    expect(copied.statusCode).toBe(201);
    const top = copied.json().file;
    expect(top).toMatchObject({ name: `Copy ${driver} (1)`, isFolder: true, folderId: null });
    const innerCopy = (await get(admin, `/api/files?folderId=${top.id}`)).json().files[0];
    expect(innerCopy).toMatchObject({ name: 'inner', isFolder: true });
    const names = (await get(admin, `/api/files?folderId=${innerCopy.id}`))
      .json()
      .files.map((f: { name: string }) => f.name);
    expect(names.sort()).toEqual(['deep (1).txt', 'deep.txt']);
    // Deleting the original for good leaves the copy's bytes.
    await send(admin, 'DELETE', `/api/files/${folder.id}`);
    const copy = (await get(admin, `/api/files?folderId=${innerCopy.id}&q=deep.txt`))
      .json()
      .files.find((f: { name: string }) => f.name === 'deep.txt');
    expect((await get(admin, copy.url)).body).toBe('deep');
    const loop = await send(admin, 'POST', `/api/files/${top.id}/copy`, { folderId: innerCopy.id });
    expect(loop.statusCode).toBe(400);
    expect(loop.json().details[0].field).toBe('folderId');
  });

  it('keeps earlier bytes as versions when the same name comes again', async () => {
    const first = (await upload(admin, 'plan.txt', 'text/plain', Buffer.from('v1'))).json().file;
    const second = (
      await upload(admin, 'plan.txt', 'text/plain', Buffer.from('version two'))
    ).json().file;
    expect(second.id).toBe(first.id);
    const details = (await get(admin, `/api/files/${first.id}`)).json().file;
    expect(details.version).toBe(2);
    expect(details.versions).toEqual([
      expect.objectContaining({ version: 1, size: 2, checksum: sha(Buffer.from('v1')) }),
    ]);
    expect((await get(admin, first.url)).body).toBe('version two');
    const earlier = await get(admin, `${first.url}?version=1`);
    expect(earlier.body).toBe('v1');
    expect(earlier.headers['content-disposition']).toContain('plan (v1).txt');
    expect((await get(admin, `${first.url}?version=7`)).statusCode).toBe(404);
  });

  it('shares with a person (view, then edit) and stops sharing', async () => {
    const file = (await upload(admin, 'budget.csv', 'text/csv', Buffer.from('a,b\n1,2\n'))).json()
      .file;
    expect((await get(bob.token, file.url)).statusCode).toBe(404);

    const shared = await send(admin, 'POST', `/api/files/${file.id}/shares`, {
      userId: bob.id,
      access: 'view',
    });
    expect(shared.statusCode).toBe(200);
    expect(shared.json().file.shares).toEqual([
      expect.objectContaining({ access: 'view', user: expect.objectContaining({ id: bob.id }) }),
    ]);
    expect((await get(bob.token, file.url)).body).toBe('a,b\n1,2\n');
    const mine = (await get(bob.token, '/api/files?view=shared')).json();
    expect(mine.files.map((f: { id: string; access: string }) => [f.id, f.access])).toEqual([
      [file.id, 'view'],
    ]);
    expect(
      (await send(bob.token, 'PATCH', `/api/files/${file.id}`, { name: 'mine.csv' })).statusCode,
    ).toBe(403);
    // A viewer may still mark it a favourite of their own.
    expect(
      (await send(bob.token, 'PATCH', `/api/files/${file.id}`, { isFavorite: true })).json().file
        .isFavorite,
    ).toBe(true);
    expect((await get(carol.token, file.url)).statusCode).toBe(404);

    await send(admin, 'POST', `/api/files/${file.id}/shares`, { userId: bob.id, access: 'edit' });
    expect(
      (await send(bob.token, 'PATCH', `/api/files/${file.id}`, { name: 'budget-2026.csv' }))
        .statusCode,
    ).toBe(200);
    // Only the owner shares, and nobody shares with themselves.
    expect(
      (await send(bob.token, 'POST', `/api/files/${file.id}/shares`, { userId: carol.id }))
        .statusCode,
    ).toBe(403);
    const self = await send(admin, 'POST', `/api/files/${file.id}/shares`, {
      userId: (await login(t.app)).user.id,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().details[0].field).toBe('userId');

    expect((await send(admin, 'DELETE', `/api/files/${file.id}/shares/${bob.id}`)).statusCode).toBe(
      200,
    );
    expect((await get(bob.token, file.url)).statusCode).toBe(404);
    expect((await get(bob.token, '/api/files?view=favorites')).json().total).toBe(0);
  });

  it('tells the people who see an item when it changes (realtime), and not others', async () => {
    const seen: Array<{ type: string; audience: string[] | 'all' }> = [];
    const off = t.app.services.events.on((e) => seen.push({ type: e.type, audience: e.audience }));
    try {
      const folder = (
        await send(admin, 'POST', '/api/files/folders', { name: `Live ${driver}` })
      ).json().file;
      await send(admin, 'POST', `/api/files/${folder.id}/shares`, {
        userId: bob.id,
        access: 'view',
      });
      seen.length = 0;
      await upload(admin, 'live.txt', 'text/plain', Buffer.from('live'), { folderId: folder.id });
      await expect
        .poll(() => seen.filter((e) => e.type === 'files.changed').length)
        .toBeGreaterThan(0);
      const event = seen.find((e) => e.type === 'files.changed')!;
      expect(event.audience).toEqual(expect.arrayContaining([bob.id]));
      expect(event.audience).not.toContain(carol.id);
    } finally {
      off();
    }
  });

  it('a folder shared reaches what is inside it', async () => {
    const folder = (
      await send(admin, 'POST', '/api/files/folders', { name: `Team ${driver}` })
    ).json().file;
    const inside = (
      await upload(admin, 'inside.txt', 'text/plain', Buffer.from('in'), { folderId: folder.id })
    ).json().file;
    await send(admin, 'POST', `/api/files/${folder.id}/shares`, {
      userId: carol.id,
      access: 'view',
    });
    const listed = (await get(carol.token, `/api/files?folderId=${folder.id}`)).json();
    expect(listed.files.map((f: { id: string; access: string }) => [f.id, f.access])).toEqual([
      [inside.id, 'view'],
    ]);
    expect((await get(carol.token, inside.url)).body).toBe('in');
    expect(
      (await upload(carol.token, 'x.txt', 'text/plain', Buffer.from('x'), { folderId: folder.id }))
        .statusCode,
    ).toBe(403);
  });

  it('opens a link without signing in: password none 401, wrong 403, right 200; expired 410; revoked 404', async () => {
    const file = (
      await upload(admin, 'public.txt', 'text/plain', Buffer.from('for everyone'))
    ).json().file;
    const open = await send(admin, 'POST', `/api/files/${file.id}/links`, {});
    expect(open.statusCode).toBe(201);
    const url = open.json().link.url as string;
    expect(url).toMatch(/^\/api\/files\/links\/[\w-]+$/);
    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toBe('for everyone');

    const locked = (
      await send(admin, 'POST', `/api/files/${file.id}/links`, { password: 'open sesame' })
    ).json().link;
    expect(locked.hasPassword).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: locked.url })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${locked.url}?password=nope` })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${locked.url}?password=open%20sesame` }))
        .statusCode,
    ).toBe(200);
    const byHeader = await t.app.inject({
      method: 'GET',
      url: locked.url,
      headers: { 'x-link-password': 'open sesame' },
    });
    expect(byHeader.body).toBe('for everyone');

    const soon = (
      await send(admin, 'POST', `/api/files/${file.id}/links`, {
        expiresAt: new Date(Date.now() + 60_000).toISOString(),
      })
    ).json().link;
    await t.database.query(
      `UPDATE file_links SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [soon.id],
    );
    expect((await t.app.inject({ method: 'GET', url: soon.url })).statusCode).toBe(410);
    const past = await send(admin, 'POST', `/api/files/${file.id}/links`, {
      expiresAt: '2020-01-01T00:00:00Z',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().details[0].field).toBe('expiresAt');

    expect(
      (await send(admin, 'DELETE', `/api/files/${file.id}/links/${open.json().link.id}`))
        .statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('trash and restore a folder with what it holds; delete for good frees the storage', async () => {
    const folder = (
      await send(admin, 'POST', '/api/files/folders', { name: `Old ${driver}` })
    ).json().file;
    const file = (await upload(admin, 'old.png', 'image/png', PNG, { folderId: folder.id })).json()
      .file;
    const before = (await get(admin, '/api/files/usage')).json().usage;

    expect((await send(admin, 'POST', `/api/files/${folder.id}/trash`)).statusCode).toBe(200);
    expect(
      (await get(admin, '/api/files')).json().files.some((f: { id: string }) => f.id === folder.id),
    ).toBe(false);
    expect((await get(admin, file.url)).statusCode).toBe(404);
    const trash = (await get(admin, '/api/files?view=trash')).json();
    expect(trash.files.map((f: { id: string }) => f.id)).toEqual([folder.id]);
    // Still counted until the trash is emptied.
    expect((await get(admin, '/api/files/usage')).json().usage.used).toBe(before.used);

    expect((await send(admin, 'POST', `/api/files/${folder.id}/restore`)).statusCode).toBe(200);
    expect((await get(admin, file.url)).statusCode).toBe(200);

    await send(admin, 'POST', `/api/files/${folder.id}/trash`);
    expect((await send(admin, 'DELETE', `/api/files/${folder.id}`)).statusCode).toBe(204);
    const after = (await get(admin, '/api/files/usage')).json().usage;
    expect(after.used).toBe(before.used - PNG.length);
    expect(after.byType.find((x: { type: string }) => x.type === 'image').bytes).toBe(
      before.byType.find((x: { type: string }) => x.type === 'image').bytes - PNG.length,
    );
    expect((await get(admin, `/api/files/${file.id}`)).statusCode).toBe(404);
  });

  it('the usage aggregate equals a sum over the files', async () => {
    const { usage } = (await get(admin, '/api/files/usage')).json();
    const [sum] = await t.database.query<{ bytes: string; count: string }>(
      `SELECT coalesce(sum(size),0) AS bytes, count(*) AS count FROM files f JOIN users u ON u.id = f.owner_id
       WHERE u.email = 'admin@test.local' AND NOT f.is_folder`,
    );
    const [versions] = await t.database.query<{ bytes: string }>(
      `SELECT coalesce(sum(v.size),0) AS bytes FROM file_versions v JOIN users u ON u.id = v.owner_id WHERE u.email = 'admin@test.local'`,
    );
    expect(usage.used).toBe(Number(sum!.bytes) + Number(versions!.bytes));
    expect(usage.files).toBe(Number(sum!.count));
  });

  it('a type lie is caught: a ".png" that is HTML is stored as HTML and only ever downloaded', async () => {
    const html = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
    const res = await upload(admin, 'cat.png', 'image/png', html);
    expect(res.statusCode).toBe(201);
    expect(res.json().file.type).toBe('text/html');
    const served = await get(admin, res.json().file.url);
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toMatch(/^attachment/);
    expect(served.headers['content-security-policy']).toContain('sandbox');
    // Pictures of other sections refuse it outright.
    const image = await call(t.app, admin, {
      method: 'POST',
      url: '/api/files?kind=image',
      ...multipart('cat.png', 'image/png', html),
    });
    expect(image.statusCode).toBe(415);
    expect(image.json().details[0].field).toBe('file');
  });

  it('a selection downloads as one zip', async () => {
    const folder = (
      await send(admin, 'POST', '/api/files/folders', { name: `Zip ${driver}` })
    ).json().file;
    await upload(admin, 'one.txt', 'text/plain', Buffer.from('one'), { folderId: folder.id });
    const two = (await upload(admin, 'two.txt', 'text/plain', Buffer.from('two'))).json().file;
    const res = await call(t.app, admin, {
      method: 'POST',
      url: '/api/files/zip',
      payload: { ids: [folder.id, two.id] },
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries).sort()).toEqual([`Zip ${driver}/one.txt`, 'two.txt']);
    expect(Buffer.from(entries['two.txt']!).toString()).toBe('two');
    const strange = await call(t.app, bob.token, {
      method: 'POST',
      url: '/api/files/zip',
      payload: { ids: [two.id] },
    });
    expect(strange.statusCode).toBe(404);
  });

  it('a resumable (tus) upload interrupted and resumed gives the same checksum', async () => {
    // Over a real socket: the protocol streams the raw request.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const bytes = randomBytes(300_000);
    const tusHeaders = (token: string) => ({
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
    });
    const created = await fetch(`${base}/api/files/tus`, {
      method: 'POST',
      headers: {
        ...tusHeaders(admin),
        'upload-length': String(bytes.length),
        'upload-metadata': `filename ${Buffer.from('big.bin').toString('base64')}`,
      },
    });
    expect(created.status).toBe(201);
    const location = created.headers.get('location')!;
    expect(location).toMatch(/^\/api\/files\/tus\/u[0-9a-f]{32}$/);
    const patch = (offset: number, chunk: Buffer) =>
      fetch(`${base}${location}`, {
        method: 'PATCH',
        body: new Uint8Array(chunk),
        headers: {
          ...tusHeaders(admin),
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        },
      });
    expect((await patch(0, bytes.subarray(0, 120_000))).status).toBe(204);
    // The connection drops; the client asks where it stopped and goes on from there.
    const head = await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders(admin) });
    expect(head.headers.get('upload-offset')).toBe('120000');
    expect(
      (await fetch(`${base}${location}`, { method: 'HEAD', headers: tusHeaders(bob.token) }))
        .status,
    ).toBe(404);
    const done = await patch(120_000, bytes.subarray(120_000));
    expect(done.status).toBe(204);
    const id = done.headers.get('upload-file-id')!;
    const file = (await get(admin, `/api/files/${id}`)).json().file;
    expect(file).toMatchObject({ name: 'big.bin', size: bytes.length, checksum: sha(bytes) });
    expect((await get(admin, file.url)).rawPayload.equals(bytes)).toBe(true);
  });

  it('stops at the quota with 413, before and after the bytes', async () => {
    const big = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(1_900_000)]);
    let last = 201;
    for (let i = 0; i < 4 && last === 201; i++)
      last = (await upload(carol.token, `fill-${i}.png`, 'image/png', big)).statusCode;
    expect(last).toBe(413);
    const res = await upload(carol.token, 'more.png', 'image/png', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().details[0]).toMatchObject({ field: 'file', code: 'quota_exceeded' });
    const tus = await call(t.app, carol.token, {
      method: 'POST',
      url: '/api/files/tus',
      headers: { 'tus-resumable': '1.0.0', 'upload-length': String(4 * 1024 * 1024) },
    });
    expect(tus.statusCode).toBe(413);
  });
});
