import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { RESUMABLE_UPLOADS } from '@bo/contract/files';
import {
  call,
  createPeerApp,
  createTestApp,
  login,
  registerUser,
  type TestApp,
} from '../../../test/helpers.js';
import { startS3 } from '../../../test/s3.js';
import { sweepExpiredUploads } from './tus-store.js';

/**
 * Resumable (tus) uploads as an attacker and a second instance would use them: quota held from
 * creation, a limit of unfinished ones, expiry, ownership whatever the URL says, cleaned names,
 * CORS as the rest of the API, and — with S3 — pieces taken by either of two instances.
 */

const MB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const b64 = (s: string) => Buffer.from(s).toString('base64');

/** A tus client over real sockets (the protocol streams the raw request). */
function tusClient(base: () => string, token: string) {
  const headers = (extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${token}`,
    'tus-resumable': '1.0.0',
    ...extra,
  });
  return {
    create: (extra: Record<string, string>) =>
      fetch(`${base()}/api/files/tus`, { method: 'POST', headers: headers(extra) }),
    patch: (location: string, offset: number, chunk: Buffer) =>
      fetch(`${base()}${location}`, {
        method: 'PATCH',
        body: new Uint8Array(chunk),
        headers: headers({
          'upload-offset': String(offset),
          'content-type': 'application/offset+octet-stream',
        }),
      }),
    head: (location: string) =>
      fetch(`${base()}${location}`, { method: 'HEAD', headers: headers() }),
    remove: (location: string) =>
      fetch(`${base()}${location}`, { method: 'DELETE', headers: headers() }),
  };
}

describe('resumable uploads on one instance (disk)', () => {
  let t: TestApp;
  let base = '';
  let admin: string;
  let alice: ReturnType<typeof tusClient>;
  let aliceToken: string;
  let bob: ReturnType<typeof tusClient>;

  beforeAll(async () => {
    t = await createTestApp({ maxFileBytes: 2 * MB, storageQuotaBytes: 5 * MB });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = (await login(t.app)).accessToken;
    for (const name of ['alice', 'bob'])
      await registerUser(t.app, { email: `${name}.tus@test.local`, firstName: name });
    aliceToken = (await login(t.app, 'alice.tus@test.local', 'a-long-unusual-password'))
      .accessToken;
    alice = tusClient(() => base, aliceToken);
    bob = tusClient(
      () => base,
      (await login(t.app, 'bob.tus@test.local', 'a-long-unusual-password')).accessToken,
    );
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const usage = async (token: string) =>
    (await call(t.app, token, { method: 'GET', url: '/api/files/usage' })).json().usage as {
      used: number;
      uploading: number;
    };
  const openUploads = async () =>
    Number(
      (
        (await t.database.db.execute(sql`SELECT count(*) AS n FROM file_uploads`)) as unknown as {
          rows: Array<{ n: string }>;
        }
      ).rows[0]!.n,
    );

  it('a declared length holds quota from creation; over the quota is 413; cancelling frees it', async () => {
    const first = await alice.create({ 'upload-length': String(2 * MB) });
    const second = await alice.create({ 'upload-length': String(2 * MB) });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(await usage(aliceToken)).toMatchObject({ used: 4 * MB, uploading: 4 * MB });
    const third = await alice.create({ 'upload-length': String(2 * MB) });
    expect(third.status).toBe(413);
    expect((await third.json()).details[0]).toMatchObject({
      field: 'file',
      code: 'quota_exceeded',
    });
    // A deferred length holds the largest upload allowed until it is declared.
    await alice.remove(second.headers.get('location')!);
    const deferred = await alice.create({ 'upload-defer-length': '1' });
    expect(deferred.status).toBe(201);
    expect((await usage(aliceToken)).uploading).toBe(4 * MB);
    expect((await alice.create({ 'upload-defer-length': '1' })).status).toBe(413);
    for (const made of [first, deferred])
      expect((await alice.remove(made.headers.get('location')!)).status).toBe(204);
    expect(await usage(aliceToken)).toMatchObject({ used: 0, uploading: 0 });
  });

  it(`a person keeps at most ${RESUMABLE_UPLOADS.openPerPerson} unfinished uploads (429)`, async () => {
    const made: string[] = [];
    for (let i = 0; i < RESUMABLE_UPLOADS.openPerPerson; i++) {
      const res = await alice.create({ 'upload-length': '10' });
      expect(res.status).toBe(201);
      made.push(res.headers.get('location')!);
    }
    const over = await alice.create({ 'upload-length': '10' });
    expect(over.status).toBe(429);
    expect((await over.json()).details[0]).toMatchObject({
      field: 'file',
      code: 'too_many_uploads',
    });
    for (const location of made) await alice.remove(location);
    const empty = await alice.create({ 'upload-length': '0' });
    expect(empty.status, await empty.text()).toBe(201);
  });

  it('an unfinished upload expires: 410, then its row and pieces are swept', async () => {
    const res = await alice.create({ 'upload-length': '100' });
    const location = res.headers.get('location')!;
    const patched = await alice.patch(location, 0, Buffer.alloc(40, 7));
    expect(patched.status).toBe(204);
    const expires = new Date(patched.headers.get('upload-expires')!).getTime();
    expect(expires - Date.now()).toBeGreaterThan(
      (RESUMABLE_UPLOADS.expireAfterHours - 1) * 3600_000,
    );
    const id = location.split('/').pop()!;
    const [row] = (
      (await t.database.db.execute(
        sql`SELECT parts FROM file_uploads WHERE id = ${id}`,
      )) as unknown as { rows: Array<{ parts: string[] }> }
    ).rows;
    expect(row!.parts).toHaveLength(1);
    expect(await t.app.storage.stat(row!.parts[0]!)).toEqual({ size: 40 });
    await t.database.db.execute(
      sql`UPDATE file_uploads SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour' WHERE id = ${id}`,
    );
    expect((await alice.head(location)).status).toBe(410);
    expect((await alice.patch(location, 40, Buffer.alloc(60, 7))).status).toBe(410);
    const before = await openUploads();
    expect(await sweepExpiredUploads(t.database.db, t.app.storage)).toBe(1);
    expect(await openUploads()).toBe(before - 1);
    expect(await t.app.storage.stat(row!.parts[0]!)).toBeNull();
    expect((await usage(aliceToken)).uploading).toBe(0);
  });

  it("another person's upload is not found, whatever the query string names", async () => {
    const mine = await alice.create({ 'upload-length': '20' });
    const aliceAt = mine.headers.get('location')!;
    expect((await alice.patch(aliceAt, 0, Buffer.from('alice-0123'))).status).toBe(204);
    const theirs = await bob.create({ 'upload-length': '30' });
    const bobAt = theirs.headers.get('location')!;
    const aliceId = aliceAt.split('/').pop()!;
    expect((await bob.head(aliceAt)).status).toBe(404);
    expect((await bob.patch(aliceAt, 10, Buffer.from('mallory'))).status).toBe(404);
    expect((await bob.remove(aliceAt)).status).toBe(404);
    // Bob's own id in the path, Alice's at the end of the query: Bob's upload, not Alice's.
    const sneaky = `${bobAt}?q=/${aliceId}`;
    const head = await bob.head(sneaky);
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-length')).toBe('30');
    expect((await bob.patch(sneaky, 0, Buffer.from('bob-bytes!'))).status).toBe(204);
    expect((await alice.head(aliceAt)).headers.get('upload-offset')).toBe('10');
    expect((await bob.head(bobAt)).headers.get('upload-offset')).toBe('10');
    await alice.remove(aliceAt);
    await bob.remove(bobAt);
  });

  it('names are cleaned as every other file name; bad metadata is a 400 naming the field', async () => {
    const body = Buffer.from('plain text, resumable\n');
    for (const [given, kept] of [
      ['evil\u0000name.txt', 'evil_name.txt'],
      ['gpj\u202Eexe.txt', 'gpjexe.txt'],
      ['..', 'file'],
      ['line\r\nbreak.txt', 'line__break.txt'],
    ] as const) {
      const res = await alice.create({
        'upload-length': String(body.length),
        'upload-metadata': `filename ${b64(given)},filetype ${b64('text/plain')}`,
      });
      expect(res.status).toBe(201);
      const done = await alice.patch(res.headers.get('location')!, 0, body);
      const text = await done.text();
      expect(done.status, text).toBe(204);
      const id = done.headers.get('upload-file-id')!;
      const file = (
        await call(t.app, aliceToken, { method: 'GET', url: `/api/files/${id}` })
      ).json().file;
      expect(file).toMatchObject({ name: kept, size: body.length, checksum: sha(body) });
    }
    const bad = await alice.create({
      'upload-length': '10',
      'upload-metadata': `filename ${b64('x.txt')},folderId ${b64("1' OR 1=1")}`,
    });
    expect(bad.status).toBe(400);
    const answer = await bad.json();
    expect(answer.details[0]).toMatchObject({ field: 'folderId' });
    expect(JSON.stringify(answer)).not.toMatch(/select|insert|\$1/i);
  });

  it('answers no CORS header to an origin the API does not allow', async () => {
    const res = await fetch(`${base}/api/files/tus`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${admin}`,
        'tus-resumable': '1.0.0',
        'upload-length': '5',
        origin: 'https://evil.example',
      },
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    await fetch(`${base}${res.headers.get('location')}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin}`, 'tus-resumable': '1.0.0' },
    });
  });
});

describe('resumable uploads across two instances on S3', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof createPeerApp>>;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let front: http.Server;
  let frontBase = '';
  const served: string[] = [];

  beforeAll(async () => {
    s3 = await startS3('bo-tus');
    t = await createTestApp({ corsOrigins: ['https://admin.example.com'], s3: s3.config });
    peer = await createPeerApp(t);
    const backends = [
      await t.app.listen({ port: 0, host: '127.0.0.1' }),
      await peer.app.listen({ port: 0, host: '127.0.0.1' }),
    ];
    // One address in front of both, as a load balancer without sticky sessions: turn by turn.
    let turn = 0;
    front = http.createServer((req, res) => {
      const target = new URL(req.url!, backends[turn++ % 2]);
      served.push(target.port);
      const forward = http.request(
        target,
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode!, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
    frontBase = `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => front?.close(resolve));
    await peer?.close();
    await t?.close();
    await s3?.close();
  });

  it('an upload whose pieces alternate between the instances completes as one file', async () => {
    const token = (await login(t.app)).accessToken;
    const client = tusClient(() => frontBase, token);
    const bytes = randomBytes(700_000);
    const created = await client.create({
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64('across.bin')}`,
      origin: 'https://admin.example.com',
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('access-control-allow-origin')).toBe('https://admin.example.com');
    const location = created.headers.get('location')!;
    let offset = 0;
    let last: Response | null = null;
    for (const size of [250_000, 250_000, 200_000]) {
      last = await client.patch(location, offset, bytes.subarray(offset, offset + size));
      offset += size;
      if (offset < bytes.length) {
        expect(last.status).toBe(204);
        // Where it stands, asked of whichever instance answers next.
        expect((await client.head(location)).headers.get('upload-offset')).toBe(String(offset));
      }
    }
    expect(last!.status).toBe(204);
    expect(new Set(served).size).toBe(2);
    const id = last!.headers.get('upload-file-id')!;
    const file = (await call(t.app, token, { method: 'GET', url: `/api/files/${id}` })).json().file;
    expect(file).toMatchObject({ name: 'across.bin', size: bytes.length, checksum: sha(bytes) });
    const content = await call(peer.app, token, { method: 'GET', url: file.url });
    expect(content.rawPayload.equals(bytes)).toBe(true);
    // The pieces are gone once the file is whole.
    const left = (
      (await t.database.db.execute(sql`SELECT count(*) AS n FROM file_uploads`)) as unknown as {
        rows: Array<{ n: string }>;
      }
    ).rows[0]!.n;
    expect(Number(left)).toBe(0);
  });

  it('a piece sent twice at the same offset (two instances racing) is taken once', async () => {
    const token = (await login(t.app)).accessToken;
    const client = tusClient(() => frontBase, token);
    const created = await client.create({ 'upload-length': '20' });
    const location = created.headers.get('location')!;
    const answers = await Promise.all([
      client.patch(location, 0, Buffer.from('aaaaaaaaaa')),
      client.patch(location, 0, Buffer.from('bbbbbbbbbb')),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([204, 409]);
    expect((await client.head(location)).headers.get('upload-offset')).toBe('10');
    await client.remove(location);
  });
});
