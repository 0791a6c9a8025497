import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADDRESSES_MAX } from '@bo/contract/addresses';
import { call, createTestApp, registerUser, type TestApp } from '../../../test/helpers.js';

/** The address book over HTTP: one's own only, one default, a limit, fields named when refused. */

let t: TestApp;
let ann: string;
let bob: string;
let pending: string;

beforeAll(async () => {
  t = await createTestApp();
  ann = (await registerUser(t.app, { email: 'ann-addr@test.local' })).accessToken;
  bob = (await registerUser(t.app, { email: 'bob-addr@test.local' })).accessToken;
  pending = (await registerUser(t.app, { email: 'new-addr@test.local' }, { pending: true }))
    .accessToken;
});
afterAll(async () => {
  await t.close();
});

const list = async (token: string) => {
  const res = await call(t.app, token, { method: 'GET', url: '/api/account/addresses' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().addresses as Array<{ id: string; fullAddress: string; isDefault: boolean }>;
};
const add = (token: string, payload: Record<string, unknown>) =>
  call(t.app, token, { method: 'POST', url: '/api/account/addresses', payload });
const home = (n: number) => ({
  name: 'Ann Buyer',
  phoneNumber: '+1 555 0100',
  fullAddress: `${n} Main Street, Springfield`,
});

describe('address book', () => {
  it('keeps my addresses, the first as default, one default at a time', async () => {
    const first = await add(ann, home(1));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().address).toMatchObject({ isDefault: true, addressType: 'home' });
    const office = await add(ann, { ...home(2), addressType: 'office', isDefault: true });
    expect(office.json().address.isDefault).toBe(true);
    const mine = await list(ann);
    expect(mine.map((a) => [a.fullAddress, a.isDefault])).toEqual([
      ['2 Main Street, Springfield', true],
      ['1 Main Street, Springfield', false],
    ]);
    // Back to the first as default, by PATCH.
    const patched = await call(t.app, ann, {
      method: 'PATCH',
      url: `/api/account/addresses/${first.json().address.id}`,
      payload: { isDefault: true, name: 'Ann B.' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().address).toMatchObject({ isDefault: true, name: 'Ann B.' });
    expect((await list(ann)).filter((a) => a.isDefault)).toHaveLength(1);
    // Deleting the default makes the newest other one the default.
    const gone = await call(t.app, ann, {
      method: 'DELETE',
      url: `/api/account/addresses/${first.json().address.id}`,
    });
    expect(gone.statusCode).toBe(204);
    expect((await list(ann)).map((a) => [a.fullAddress, a.isDefault])).toEqual([
      ['2 Main Street, Springfield', true],
    ]);
  });

  it('never shows, changes or deletes another person’s address', async () => {
    const mine = (await add(ann, home(3))).json().address.id as string;
    expect((await list(bob)).map((a) => a.id)).not.toContain(mine);
    const url = `/api/account/addresses/${mine}`;
    expect(
      (await call(t.app, bob, { method: 'PATCH', url, payload: { name: 'x' } })).statusCode,
    ).toBe(404);
    expect((await call(t.app, bob, { method: 'DELETE', url })).statusCode).toBe(404);
    expect((await list(ann)).map((a) => a.id)).toContain(mine);
  });

  it('names the fields it refuses and stops at the limit', async () => {
    const bad = await add(bob, { name: ' ', phoneNumber: '1', fullAddress: '' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .details.map((d: { field: string }) => d.field)
        .sort(),
    ).toEqual(['fullAddress', 'name', 'phoneNumber']);
    for (let i = (await list(bob)).length; i < ADDRESSES_MAX; i++)
      expect((await add(bob, home(100 + i))).statusCode).toBe(201);
    const over = await add(bob, home(999));
    expect(over.statusCode).toBe(409);
    expect(over.json().details[0].field).toBe('addresses');
    expect(await list(bob)).toHaveLength(ADDRESSES_MAX);
  });

  it('is for people who may place orders', async () => {
    expect(
      (await call(t.app, pending, { method: 'GET', url: '/api/account/addresses' })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/account/addresses' })).statusCode).toBe(
      401,
    );
  });
});
