import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../../../test/helpers.js';

/**
 * A share link's password cannot be guessed without limit: wrong passwords are slowed (429 with
 * Retry-After) per link and source address, per link from every source, and per source across
 * links — as failed sign-ins are. Growing delays, so no test waits for a window to pass.
 */

let t: TestApp;
let admin: string;
let folderId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await login(t.app)).accessToken;
  const made = await call(t.app, admin, {
    method: 'POST',
    url: '/api/files/folders',
    payload: { name: 'Shared' },
  });
  expect(made.statusCode, made.body).toBe(201);
  folderId = made.json().file.id;
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.query('DELETE FROM rate_limits');
});

async function newLink(password = 'open sesame'): Promise<string> {
  const res = await call(t.app, admin, {
    method: 'POST',
    url: `/api/files/${folderId}/links`,
    payload: { password },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().link.url;
}

const open = (url: string, password: string, remoteAddress: string) =>
  t.app.inject({
    method: 'GET',
    url: `${url}?password=${encodeURIComponent(password)}`,
    remoteAddress,
  });

/** Answers of wrong guesses, and the Retry-After of the first 429. */
async function guesses(attempts: Array<{ url: string; from: string }>) {
  const statuses: number[] = [];
  let retryAfter = 0;
  for (const [i, { url, from }] of attempts.entries()) {
    const res = await open(url, `wrong-guess-${i}`, from);
    statuses.push(res.statusCode);
    if (res.statusCode === 429 && !retryAfter) {
      retryAfter = Number(res.headers['retry-after']);
      expect(res.json().code).toBe('RATE_LIMITED');
    }
  }
  return { statuses, retryAfter };
}

describe('share link passwords', () => {
  it('slows one source guessing one link within ten tries; the right password from elsewhere still opens it', async () => {
    const url = await newLink();
    const attacker = '203.0.113.9';
    const { statuses, retryAfter } = await guesses(
      Array.from({ length: 10 }, () => ({ url, from: attacker })),
    );
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
    // Even the right password waits while that source is slowed down on this link…
    expect((await open(url, 'open sesame', attacker)).statusCode).toBe(429);
    // …but someone else with the password opens it.
    expect((await open(url, 'open sesame', '198.51.100.30')).statusCode).toBe(200);
  });

  it('slows one link guessed from many sources', async () => {
    const url = await newLink();
    const { statuses, retryAfter } = await guesses(
      Array.from({ length: 30 }, (_, i) => ({ url, from: `198.18.0.${i + 1}` })),
    );
    expect(statuses.slice(0, 20).every((s) => s === 403)).toBe(true);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
  });

  it('slows one source guessing across many links', async () => {
    const urls: string[] = [];
    for (let i = 0; i < 14; i++) urls.push(await newLink(`password-${i}`));
    const { statuses, retryAfter } = await guesses(
      urls.map((url) => ({ url, from: '203.0.113.77' })),
    );
    expect(statuses.slice(0, 10).every((s) => s === 403)).toBe(true);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
  });
});
