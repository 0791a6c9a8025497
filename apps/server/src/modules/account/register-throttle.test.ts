import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, createTestApp, type TestApp } from '../../../test/helpers.js';

/**
 * Registering a taken address still answers 409 `email_taken`, but those answers are slowed as
 * failed sign-ins are — per email address and per source — whatever AUTH_RATE_LIMIT is (the
 * browser tests' server runs with 1000), so they cannot be used to list who has an account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ authRateLimit: 1000 });
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.database.query('DELETE FROM rate_limits');
});

const register = (email: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: { email, password: 'a-long-unusual-password', firstName: 'A', lastName: 'B' },
    remoteAddress,
  });

async function attempts(list: Array<{ email: string; from: string }>) {
  const statuses: number[] = [];
  let retryAfter = 0;
  for (const { email, from } of list) {
    const res = await register(email, from);
    statuses.push(res.statusCode);
    if (res.statusCode === 409)
      expect(res.json().details[0]).toMatchObject({ field: 'email', code: 'email_taken' });
    if (res.statusCode === 429 && !retryAfter) {
      retryAfter = Number(res.headers['retry-after']);
      expect(res.json().code).toBe('RATE_LIMITED');
    }
  }
  return { statuses, retryAfter };
}

describe('register: a taken address', () => {
  it('answers 409 email_taken, then slows the source probing many addresses (429, Retry-After)', async () => {
    // Taken addresses: the administrator's and a few registered here from elsewhere.
    const taken = [ADMIN.email];
    for (let i = 0; i < 9; i++) {
      const email = `member${i}@test.local`;
      expect((await register(email, `198.51.100.${i + 1}`)).statusCode).toBe(201);
      taken.push(email);
    }
    const prober = '203.0.113.50';
    const { statuses, retryAfter } = await attempts(
      taken.map((email) => ({ email, from: prober })),
    );
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
    // While slowed, even a new address from that source waits…
    expect((await register('brand.new@test.local', prober)).statusCode).toBe(429);
    // …and another source registers as usual.
    expect((await register('brand.new@test.local', '198.51.100.200')).statusCode).toBe(201);
  });

  it('slows probing one address from many sources', async () => {
    const { statuses, retryAfter } = await attempts(
      Array.from({ length: 10 }, (_, i) => ({ email: ADMIN.email, from: `198.18.1.${i + 1}` })),
    );
    expect(statuses.slice(0, 5)).toEqual([409, 409, 409, 409, 409]);
    expect(statuses).toContain(429);
    expect(retryAfter).toBeGreaterThan(0);
  });
});
