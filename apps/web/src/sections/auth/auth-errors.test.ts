import type { TFunction } from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { http } from '../../lib/http';
import { authErrorMessage, retryMinutes } from './auth-errors';

// Echoes the key and its values, so the test sees what would be translated.
const t = ((key: string, values?: Record<string, unknown>) =>
  values ? `${key} ${JSON.stringify(values)}` : key) as unknown as TFunction;

afterEach(() => vi.unstubAllGlobals());

describe('rate-limit answers', () => {
  it('carry Retry-After from the HTTP client', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts' }),
            { status: 429, headers: { 'Retry-After': '125', 'Content-Type': 'application/json' } },
          ),
      ),
    );
    const error = await http('/api/account/login', { body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfter: 125 });
    expect(retryMinutes(error)).toBe(3);
    expect(authErrorMessage(t, error)).toBe('auth.errors.rateLimited {"count":3}');
  });

  it('say at least one minute, and other errors keep their own translation', () => {
    expect(retryMinutes({ message: 'x', status: 429, retryAfter: 5 })).toBe(1);
    expect(retryMinutes({ message: 'x', status: 400 })).toBeNull();
    expect(authErrorMessage(t, { message: 'Nope', code: 'FORBIDDEN', status: 403 })).toBe(
      'errors.FORBIDDEN {"defaultValue":"Nope"}',
    );
  });
});
