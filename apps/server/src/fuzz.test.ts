import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from '../test/helpers.js';

/**
 * Hostile values into every field of every route of the OpenAPI document (path, query and body,
 * one field at a time), as an administrator — the persona whose calls reach deepest. A client's
 * bad input is a 4xx naming the field; any 5xx fails this test.
 */

const HOSTILE: unknown[] = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDFFFy',
  '2024-13-45',
  '2024-02-31',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+275760-09-13T00:00:00.000Z',
  1e22,
  -1e22,
  '1e22',
  'NaN',
  'Infinity',
  2 ** 53 + 1,
  -1,
  0.5,
  'x'.repeat(20_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  [],
  [null],
  {},
  null,
  true,
];

interface Operation {
  parameters?: Array<{ in: 'path' | 'query'; name: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}

let t: TestApp;
let token: string;
let doc: { paths: Record<string, Record<string, Operation>> };
const ANY_ID = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  t = await createTestApp();
  token = (await login(t.app)).accessToken;
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
});
afterAll(async () => {
  await t.close();
});

/** Percent-encoded; a lone surrogate goes out as the bytes a sloppy client would send. */
const encode = (value: unknown) => {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((c) => (/[\uD800-\uDFFF]/.test(c) ? '%ED%A0%80' : encodeURIComponent(c)))
      .join('');
  }
};

describe('fuzz', () => {
  it('answers every hostile value in every field of every route without a 5xx', async () => {
    const failures: string[] = [];
    let calls = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        const method = m.toUpperCase();
        // Signing out would end the session the fuzzing uses.
        if (path.endsWith('/logout')) continue;
        const params = op.parameters ?? [];
        const pathParams = params.filter((p) => p.in === 'path').map((p) => p.name);
        const queryParams = params.filter((p) => p.in === 'query').map((p) => p.name);
        const bodyProps = Object.keys(
          op.requestBody?.content?.['application/json']?.schema?.properties ?? {},
        );
        const baseUrl = (override?: [string, unknown]) =>
          path.replace(/\{(\w+)\}/g, (_, name: string) =>
            override && override[0] === name ? encode(override[1]) : ANY_ID,
          );
        const send = async (url: string, payload?: unknown) => {
          calls++;
          const res = await call(t.app, token, {
            method: method as 'POST',
            url,
            ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
          });
          if (res.statusCode >= 500) {
            failures.push(
              `${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120)}`,
            );
          }
        };
        for (const value of HOSTILE) {
          for (const name of pathParams) await send(baseUrl([name, value]));
          for (const name of queryParams) await send(`${baseUrl()}?${name}=${encode(value)}`);
          if (method !== 'GET') {
            for (const name of bodyProps) await send(baseUrl(), { [name]: value });
            await send(baseUrl(), value);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  }, 240_000);
});
