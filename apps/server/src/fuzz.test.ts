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

interface Answer {
  statusCode: number;
  json(): { code?: string; details?: Array<{ field?: string; code?: string }> };
}

/** The fields a 400 names (empty when it names none). */
const named = (res: Answer) => {
  try {
    return (res.json().details ?? []).map((d) => d.field ?? '');
  } catch {
    return [];
  }
};
/** `field` itself or a part of it (`items.0.price` is a part of `items`). */
const within = (field: string, name: string) =>
  field === name || field.startsWith(`${name}.`) || field.startsWith(`${name}[`);

describe('fuzz', () => {
  it('answers every hostile value in every field of every route with a 4xx naming it, never a 5xx', async () => {
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
        const send = async (url: string, payload?: unknown): Promise<Answer> => {
          calls++;
          const res = await call(t.app, token, {
            method: method as 'POST',
            url,
            ...(method === 'GET' ? {} : { payload: (payload ?? {}) as object }),
          });
          if (res.statusCode >= 500) {
            failures.push(
              `${res.statusCode} ${method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120)}`,
            );
          }
          return res;
        };
        /**
         * A 400 names the field given the hostile value; when it does not, the value was taken
         * and the fields it names are only those the request leaves out (an empty request is
         * refused for them too). A 400 naming no field, or another field alone, fails.
         */
        const check = (res: Answer, names: string[], missing: Set<string>, what: string) => {
          if (res.statusCode !== 400) return;
          const fields = named(res);
          const ours = fields.some((f) => names.some((name) => within(f, name)));
          if (!fields.length || (!ours && fields.some((f) => !missing.has(f))))
            failures.push(`400 naming [${fields.join(', ')}] for ${names[0]}: ${method} ${what}`);
        };
        // What a request with nothing in it is refused for.
        const missing = new Set<string>();
        const empty = await send(baseUrl(), method === 'GET' ? undefined : {});
        if (empty.statusCode === 400) for (const f of named(empty)) missing.add(f);
        for (const value of HOSTILE) {
          const shown = JSON.stringify(value)?.slice(0, 40);
          // An address that cannot be decoded names the path: the router cannot tell the part.
          for (const name of pathParams)
            check(
              await send(baseUrl([name, value])),
              [name, 'path'],
              missing,
              `${path} ${name}=${shown}`,
            );
          for (const name of queryParams)
            check(
              await send(`${baseUrl()}?${name}=${encode(value)}`),
              [name],
              missing,
              `${path}?${name}=${shown}`,
            );
          if (method !== 'GET') {
            for (const name of bodyProps)
              check(
                await send(baseUrl(), { [name]: value }),
                [name],
                missing,
                `${path} {${name}: ${shown}}`,
              );
            await send(baseUrl(), value);
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
    // Thousands of calls: about a minute on a quiet machine, four and more when CI runs both
    // suites and the build on two cores. The limit only guards against a hang.
  }, 600_000);

  it('refuses JSON nested 20,000 deep with 400 naming the body on every route that takes one', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const failures: string[] = [];
    let routes = 0;
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [m, op] of Object.entries(methods)) {
        if (!op.requestBody?.content?.['application/json']) continue;
        routes++;
        const res = await call(t.app, token, {
          method: m.toUpperCase() as 'POST',
          url: path.replace(/\{(\w+)\}/g, ANY_ID),
          headers: { 'content-type': 'application/json' },
          payload: deep,
        });
        const detail = res.json().details?.[0];
        // A route whose body limit is below these 40 KB refuses the size first: 413, the body.
        const refused =
          res.statusCode === 400
            ? detail?.code === 'too_deep'
            : res.statusCode === 413 && detail?.code === 'too_large';
        if (!refused || detail?.field !== 'body')
          failures.push(`${m.toUpperCase()} ${path}: ${res.statusCode} ${res.body.slice(0, 100)}`);
      }
    }
    expect(routes).toBeGreaterThan(50);
    expect(failures).toEqual([]);
  });

  it('refuses a malformed multipart upload with 400 naming the file', async () => {
    const start =
      '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n' +
      'Content-Type: text/plain\r\n\r\nhello';
    for (const [type, payload] of [
      ['multipart/form-data', 'no boundary at all'],
      ['multipart/form-data; boundary=xyz', start], // never closed
      ['multipart/form-data; boundary=xyz', '--xyz\r\nContent-Disposition: form-data'],
      ['multipart/form-data; boundary=xyz', 'garbage'],
    ] as const) {
      for (const url of ['/api/files', '/api/files?kind=image', '/api/files?kind=any']) {
        const res = await call(t.app, token, {
          method: 'POST',
          url,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${type} ${res.body}`).toBe(400);
        expect(res.json().details[0]).toMatchObject({ field: 'file' });
      }
    }
  });
});
