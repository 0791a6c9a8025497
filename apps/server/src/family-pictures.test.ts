import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { UploadUrlSigner, signUploadUrls } from './lib/capability-urls.js';
import {
  call,
  createTestApp,
  login,
  registerUser,
  uploadFile,
  type TestApp,
} from '../test/helpers.js';
import { productBody } from '../test/fixtures.js';

/**
 * Pictures and files seen by a client of the template family (issue 48, capability URLs): its
 * page lives on another origin, its <img> sends neither our cookie nor a bearer token, so every
 * upload URL it is given must load by itself, for a while, and only for what its holder reads.
 */

const PUBLIC_URL = 'https://bo.example.com';
const ELSEWHERE = 'http://client.example:5173';
const TTL_HOURS = 12;

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

let t: TestApp;
let admin: { accessToken: string; user: { id: string } };
let alice: { accessToken: string; user: { id: string } };
let bob: { accessToken: string; user: { id: string } };

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL, corsOrigins: [ELSEWHERE] });
  admin = await login(t.app);
  alice = await registerUser(t.app, { email: 'alice@test.local', firstName: 'Alice' });
  bob = await registerUser(t.app, { email: 'bob@test.local', firstName: 'Bob' });
});
afterAll(async () => {
  await t.close();
});

const SIGNED =
  /^https:\/\/bo\.example\.com\/uploads\/([^?]+)\?exp=(\d+)&u=([0-9a-f-]{36})&sig=([\w-]{43})$/;

/** What an <img> of another origin sends: the path of the absolute URL, and no credentials. */
const load = (absolute: string) => {
  expect(absolute.startsWith(`${PUBLIC_URL}/uploads/`), absolute).toBe(true);
  return t.app.inject({
    method: 'GET',
    url: absolute.slice(PUBLIC_URL.length),
    headers: { origin: ELSEWHERE, referer: `${ELSEWHERE}/products` },
  });
};

async function upload(token: string, kind: 'image' | 'any', name: string, bytes: Buffer) {
  const type = name.endsWith('.pdf') ? 'application/pdf' : 'image/png';
  const res = await uploadFile(t.app, token, { name, bytes, type, kind });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file as { id: string; url: string };
}

const parts = (url: string) => {
  const match = SIGNED.exec(url);
  expect(match, url).not.toBeNull();
  const [, key, exp, holder, sig] = match!;
  return { key: key!, exp: Number(exp), holder: holder!, sig: sig! };
};

describe('a product picture', () => {
  let picture: string;
  let productId: string;

  beforeAll(async () => {
    const uploaded = await upload(admin.accessToken, 'image', 'tee.png', PNG);
    picture = uploaded.url;
    // The upload's own answer is signed already: the form shows it before saving.
    expect(parts(picture).holder).toBe(admin.user.id);
    // Posted back as the family client got it (absolute, signed): kept as the stored path.
    const created = await call(t.app, admin.accessToken, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({ name: 'Pictured Tee', images: [picture] }),
    });
    expect(created.statusCode, created.body).toBe(201);
    productId = created.json().product.id;
  });

  it('is kept as the stored path, whatever URL was posted', async () => {
    const stored = (await t.database.db.execute(
      sql`SELECT images FROM products WHERE id = ${productId}`,
    )) as unknown as { rows: Array<{ images: string[] }> };
    expect(stored.rows[0]!.images).toEqual([`/uploads/${parts(picture).key}`]);
  });

  it('comes in GET /api/products as an absolute URL signed for the reader, loading with no cookie and no token', async () => {
    const list = await call(t.app, admin.accessToken, {
      method: 'GET',
      url: '/api/products?limit=50',
    });
    expect(list.statusCode).toBe(200);
    const product = list.json().products.find((p: { id: string }) => p.id === productId) as {
      images: string[];
    };
    const url = product.images[0]!;
    const { key, exp, holder } = parts(url);
    expect(key).toBe(parts(picture).key);
    expect(holder).toBe(admin.user.id);
    // Loadable at least FILE_URL_TTL_HOURS, at most an hour more (rounded to keep the URL).
    const left = exp - Date.now() / 1000;
    expect(left).toBeGreaterThan(TTL_HOURS * 3600);
    expect(left).toBeLessThanOrEqual((TTL_HOURS + 1) * 3600);

    const res = await load(url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(PNG)).toBe(true);
    // A page of another origin may show it.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });

  it('is kept by the browser of a reader until its URL expires (a shared picture)', async () => {
    const list = await call(t.app, alice.accessToken, {
      method: 'GET',
      url: '/api/products?limit=50',
    });
    const product = list.json().products.find((p: { id: string }) => p.id === productId) as {
      images: string[];
    };
    const url = product.images[0]!;
    expect(parts(url).holder).toBe(alice.user.id);
    const res = await load(url);
    expect(res.statusCode).toBe(200);
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(String(res.headers['cache-control']))?.[1],
    );
    expect(maxAge).toBeGreaterThan(TTL_HOURS * 3600 - 5);
    expect(maxAge).toBeLessThanOrEqual(parts(url).exp - Math.floor(Date.now() / 1000));
  });

  it('keeps the same URL for the same reader within the hour (browsers keep it)', async () => {
    const read = async () =>
      (
        await call(t.app, admin.accessToken, { method: 'GET', url: '/api/products?limit=50' })
      ).json().products as Array<{ images: string[] }>;
    expect(await read()).toEqual(await read());
  });

  it('is signed for each reader, also when the answer comes from the read cache (gzipped or not)', async () => {
    const read = (who: { accessToken: string }, encoding?: string) =>
      call(t.app, who.accessToken, {
        method: 'GET',
        url: '/api/products?limit=50&q=Pictured',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const first = await read(alice);
    expect(first.statusCode).toBe(200);
    expect(parts(first.json().products[0].images[0]).holder).toBe(alice.user.id);
    // Same role, same query: the kept answer, signed anew for Bob.
    for (const encoding of [undefined, 'gzip']) {
      const again = await read(bob, encoding);
      expect(again.headers['x-cache']).toBe('hit');
      const body =
        again.headers['content-encoding'] === 'gzip'
          ? JSON.parse(gunzipSync(again.rawPayload).toString('utf8'))
          : again.json();
      const url = body.products[0].images[0] as string;
      expect(parts(url).holder).toBe(bob.user.id);
      expect(JSON.stringify(body)).not.toContain(alice.user.id);
      expect((await load(url)).statusCode).toBe(200);
    }
  });

  it('refuses a URL past its expiry, and one whose signature, holder or key was changed', async () => {
    const signer = new UploadUrlSigner(t.config.jwtSecret, TTL_HOURS);
    const { key } = parts(picture);
    const at = (k: string, query: string) => `${PUBLIC_URL}/uploads/${k}${query}`;
    // Correctly signed, but an hour ago.
    const past = Math.floor(Date.now() / 1000) - 3600;
    const expired = await load(at(key, signer.query(key, admin.user.id, past)));
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'This file link has expired',
    });

    const good = signer.query(key, admin.user.id);
    expect((await load(at(key, good))).statusCode).toBe(200);
    const flipped = good.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const otherHolder = good.replace(admin.user.id, bob.user.id);
    const laterExp = good.replace(/exp=(\d+)/, (_m, e: string) => `exp=${Number(e) + 3600}`);
    for (const url of [
      at(key, flipped),
      at(key, otherHolder),
      at(key, laterExp),
      at(`seed-product-1.svg`, good),
    ]) {
      const res = await load(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This file link is not valid');
    }
    // No signature and no session: as before, sign in first.
    expect((await load(at(key, ''))).statusCode).toBe(401);
  });
});

describe('a picture in rich text', () => {
  it('inserted with the signed URL the upload answered, is kept and served as the stored path', async () => {
    const png = await upload(admin.accessToken, 'image', 'inline.png', PNG);
    const { key } = parts(png.url);
    // What an editor on our own origin inserts: the relative form, `&` escaped in the attribute.
    const relative = png.url.slice(PUBLIC_URL.length).replaceAll('&', '&amp;');
    const created = await call(t.app, admin.accessToken, {
      method: 'POST',
      url: '/api/products',
      payload: productBody({
        name: 'Described Tee',
        description: `<p>Front</p><p><img src="${relative}" alt="front"></p>`,
      }),
    });
    expect(created.statusCode, created.body).toBe(201);
    // Kept (not dropped as a foreign picture), without its signature.
    expect(created.json().product.description).toContain(
      `<img src="/uploads/${key}" alt="front" />`,
    );
  });
});

describe('a person’s own file', () => {
  it('a URL signed for its owner loads for them alone; another holder’s signature opens nothing', async () => {
    const pdf = await upload(alice.accessToken, 'any', 'plan.pdf', PDF);
    const { key, holder } = parts(pdf.url);
    expect(holder).toBe(alice.user.id);
    const res = await load(pdf.url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    // A record's file is never kept by a browser, signed or not.
    expect(res.headers['cache-control']).toBe('no-store');
    // Bob may not read it: a (correct) signature for him does not change that.
    const signer = new UploadUrlSigner(t.config.jwtSecret, TTL_HOURS);
    const forBob = await load(`${PUBLIC_URL}/uploads/${key}${signer.query(key, bob.user.id)}`);
    expect(forBob.statusCode).toBe(404);
  });

  it('stops loading once its holder is suspended', async () => {
    const carol = await registerUser(t.app, { email: 'carol@test.local', firstName: 'Carol' });
    const png = await upload(carol.accessToken, 'any', 'note.png', PNG);
    expect((await load(png.url)).statusCode).toBe(200);
    const banned = await call(t.app, admin.accessToken, {
      method: 'PATCH',
      url: `/api/users/${carol.user.id}`,
      payload: { status: 'banned' },
    });
    expect(banned.statusCode, banned.body).toBe(200);
    const res = await load(png.url);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This file link is revoked');
  });
});

describe('the account avatar', () => {
  it('posted back as the signed absolute URL the answer gave, is kept as the stored path', async () => {
    const png = await upload(bob.accessToken, 'image', 'me.png', PNG);
    const saved = await call(t.app, bob.accessToken, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { avatarUrl: png.url },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const { key } = parts(png.url);
    const stored = (await t.database.db.execute(
      sql`SELECT avatar_url FROM users WHERE id = ${bob.user.id}`,
    )) as unknown as { rows: Array<{ avatar_url: string }> };
    expect(stored.rows[0]!.avatar_url).toBe(`/uploads/${key}`);
    // The answer shows it signed again, and what my-account answers loads from anywhere.
    const me = await call(t.app, bob.accessToken, {
      method: 'GET',
      url: '/api/account/my-account',
    });
    // The family's name for it (our own screens read avatarUrl elsewhere).
    const avatar = me.json().user.photoURL as string;
    expect(parts(avatar)).toMatchObject({ key, holder: bob.user.id });
    expect((await load(avatar)).statusCode).toBe(200);
    // Another origin's URL is still not ours: refused, naming the field.
    const foreign = await call(t.app, bob.accessToken, {
      method: 'PATCH',
      url: '/api/account/my-account/',
      payload: { avatarUrl: `https://elsewhere.example/uploads/${key}?${png.url.split('?')[1]}` },
    });
    expect(foreign.statusCode).toBe(400);
  });
});

describe('the rewrite of an answer’s text', () => {
  it('signs whole string values only: not rich text, longer strings or property names', () => {
    const signer = new UploadUrlSigner('x'.repeat(40), TTL_HOURS);
    const holder = '0b7e3f9c-5d1a-4c2b-9e8f-1a2b3c4d5e6f';
    const answer = {
      images: ['/uploads/a.png', `${PUBLIC_URL}/uploads/b.png`],
      cover: '/uploads/c.png',
      html: '<img src="/uploads/d.png">',
      note: 'see /uploads/e.png',
      quoted: '"/uploads/f.png"',
      byUrl: { '/uploads/g.png': 1 },
      elsewhere: 'https://elsewhere.example/uploads/h.png',
    };
    const signed = JSON.parse(signUploadUrls(JSON.stringify(answer), signer, holder, PUBLIC_URL));
    const q = (key: string) => signer.query(key, holder);
    expect(signed).toEqual({
      ...answer,
      images: [`/uploads/a.png${q('a.png')}`, `${PUBLIC_URL}/uploads/b.png${q('b.png')}`],
      cover: `/uploads/c.png${q('c.png')}`,
    });
  });
});
