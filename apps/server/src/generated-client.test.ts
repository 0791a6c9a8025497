import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@bo/contract/api-paths';
import { ADMIN, createTestApp, type TestApp } from '../test/helpers.js';

/**
 * What an integrator does with /api/openapi.json (docs/api.md): generate types with
 * openapi-typescript, call with openapi-fetch. The client below is type-checked against the
 * generated types (a wrong filter value or a missing field fails to compile), then run as its own
 * process against the server listening on a port. Calling with an API token waits for the tokens
 * of the access issue.
 */

const run = promisify(execFile);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modules = path.join(root, 'node_modules');

/** The integrator's program: sign in, list orders with a filter, create and read an invoice. */
const JOURNEY = `
import createClient from 'openapi-fetch';
import type { paths } from './schema';

const [baseUrl, email, password] = process.argv.slice(2) as [string, string, string];
const client = createClient<paths>({ baseUrl });

const signedIn = await client.POST('/api/account/login', { body: { email, password } });
if (!signedIn.data || !('accessToken' in signedIn.data)) throw new Error('sign-in failed');
const token = signedIn.data.accessToken;
client.use({
  onRequest({ request }) {
    request.headers.set('Authorization', \`Bearer \${token}\`);
    return request;
  },
});

const orders = await client.GET('/api/orders', {
  params: { query: { status: 'completed', limit: 5, sort: 'total', order: 'desc' } },
});
if (!orders.data) throw new Error(\`listOrders: \${orders.response.status}\`);

const created = await client.POST('/api/invoices', {
  body: {
    to: { name: 'Acme Ltd', email: 'billing@acme.test', country: 'FR' },
    items: [{ title: 'Consulting', quantity: 2, price: 15000, taxRate: 20 }],
    currency: 'EUR',
    dueDate: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
  },
});
if (!created.data) throw new Error(\`createInvoice: \${created.response.status}\`);
const read = await client.GET('/api/invoices/{id}', {
  params: { path: { id: created.data.invoice.id } },
});
if (!read.data) throw new Error(\`getInvoice: \${read.response.status}\`);

const missing = await client.GET('/api/invoices/{id}', {
  params: { path: { id: '00000000-0000-4000-8000-000000000000' } },
});

console.log(
  JSON.stringify({
    user: signedIn.data.user.email,
    orders: orders.data.orders.map((o) => ({ status: o.status, total: o.total })),
    ordersTotal: orders.data.total,
    createdStatus: created.response.status,
    invoice: {
      id: read.data.invoice.id,
      total: read.data.invoice.total,
      customer: read.data.invoice.to.name,
      currency: read.data.invoice.currency,
    },
    notFound: { status: missing.response.status, code: missing.error?.code },
  }),
);

/** Never called: what the generated types refuse. */
export function refused() {
  // @ts-expect-error not a status of the orders filter
  void client.GET('/api/orders', { params: { query: { status: 'shipped' } } });
  // @ts-expect-error an invoice needs its lines
  void client.POST('/api/invoices', { body: { to: { name: 'Acme Ltd' } } });
  // @ts-expect-error no such path
  void client.GET('/api/invoice');
}
`;

let t: TestApp;
let baseUrl: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({ demoData: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  dir = mkdtempSync(path.join(tmpdir(), 'bo-client-'));
});

afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('a client generated from the served document', () => {
  it('signs in, lists orders with a filter, creates an invoice and reads it back', async () => {
    const res = await fetch(`${baseUrl}${API.openapi}`);
    expect(res.status).toBe(200);
    const document = (await res.json()) as { servers: Array<{ url: string }> };
    // No PUBLIC_URL here: the document names the origin it was fetched from.
    expect(document.servers[0]!.url).toBe(baseUrl);

    const types = astToString(await openapiTS(document as never));
    writeFileSync(path.join(dir, 'schema.d.ts'), types);
    writeFileSync(path.join(dir, 'journey.ts'), JOURNEY);
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'ESNext',
          moduleResolution: 'Bundler',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ['node'],
          typeRoots: [path.join(modules, '@types')],
          paths: { 'openapi-fetch': [path.join(modules, 'openapi-fetch')] },
        },
        files: ['journey.ts'],
      }),
    );

    const tsc = path.join(modules, 'typescript', 'bin', 'tsc');
    const checked = await run(process.execPath, [tsc, '-p', dir]).catch(
      (err: { stdout?: string }) => ({ stdout: err.stdout ?? String(err) }),
    );
    expect(checked.stdout, 'the journey type-checks against the generated types').toBe('');

    await build({
      entryPoints: [path.join(dir, 'journey.ts')],
      outfile: path.join(dir, 'journey.mjs'),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      nodePaths: [modules],
      logLevel: 'silent',
    });
    const { stdout } = await run(process.execPath, [
      path.join(dir, 'journey.mjs'),
      baseUrl,
      ADMIN.email,
      ADMIN.password,
    ]);
    const result = JSON.parse(stdout) as {
      user: string;
      orders: Array<{ status: string; total: number }>;
      ordersTotal: number;
      createdStatus: number;
      invoice: { id: string; total: number; customer: string; currency: string };
      notFound: { status: number; code?: string };
    };

    expect(result.user).toBe(ADMIN.email);
    expect(result.orders.length).toBeGreaterThan(0);
    expect(result.orders.every((o) => o.status === 'completed')).toBe(true);
    const totals = result.orders.map((o) => o.total);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    expect(result.ordersTotal).toBeGreaterThanOrEqual(result.orders.length);
    expect(result.createdStatus).toBe(201);
    // 2 × 150.00 + 20 % tax, in cents.
    expect(result.invoice).toMatchObject({ total: 36000, customer: 'Acme Ltd', currency: 'EUR' });
    expect(result.notFound).toEqual({ status: 404, code: 'NOT_FOUND' });

    // The same invoice, seen by the server's own route.
    const check = await t.app.inject({
      method: 'POST',
      url: API.account.login,
      payload: { email: ADMIN.email, password: ADMIN.password },
    });
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${result.invoice.id}`,
      headers: { authorization: `Bearer ${check.json().accessToken}` },
    });
    expect(back.json().invoice.total).toBe(36000);
  }, 180_000);
});
