import { describe, expect, it } from 'vitest';
import { loginBodySchema, newPasswordBodySchema, registerBodySchema } from './account';
import { listQuerySchema } from './common';

describe('account schemas', () => {
  it('normalises the email and keeps the password as typed', () => {
    const parsed = loginBodySchema.parse({ email: '  Jane@Example.COM ', password: ' x ' });
    expect(parsed).toEqual({ email: 'jane@example.com', password: ' x ' });
  });

  it('refuses short and overlong passwords at registration, naming the field', () => {
    const short = registerBodySchema.safeParse({
      email: 'a@b.co',
      password: 'short',
      firstName: 'A',
      lastName: 'B',
    });
    expect(short.success).toBe(false);
    expect(short.error?.issues[0]?.path).toEqual(['password']);
    const long = registerBodySchema.safeParse({
      email: 'a@b.co',
      password: 'x'.repeat(129),
      firstName: 'A',
      lastName: 'B',
    });
    expect(long.success).toBe(false);
    expect(
      registerBodySchema.safeParse({
        email: 'a@b.co',
        password: 'x'.repeat(64),
        firstName: 'A',
        lastName: 'B',
      }).success,
    ).toBe(true);
  });

  it('accepts only six-digit codes', () => {
    const base = { email: 'a@b.co', password: 'long-enough-pw' };
    expect(newPasswordBodySchema.safeParse({ ...base, code: '012345' }).success).toBe(true);
    expect(newPasswordBodySchema.safeParse({ ...base, code: '12345' }).success).toBe(false);
    expect(newPasswordBodySchema.safeParse({ ...base, code: '12345a' }).success).toBe(false);
  });
});

describe('list query', () => {
  it('defaults to the first page of 25 and bounds the limit', () => {
    expect(listQuerySchema.parse({})).toMatchObject({ page: 1, limit: 25, order: 'asc' });
    expect(listQuerySchema.safeParse({ limit: '1000' }).success).toBe(false);
    expect(listQuerySchema.parse({ page: '3', limit: '50' })).toMatchObject({ page: 3, limit: 50 });
  });
});
