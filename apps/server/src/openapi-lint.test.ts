import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '@bo/contract/access';
import { API } from '@bo/contract/api-paths';
import { createTestApp, type TestApp } from '../test/helpers.js';

/**
 * The served API document is what integrators generate clients from (decision 024): every
 * operation named and summarised, its sign-in said, its answers documented, and Redocly's
 * recommended rules clean on it.
 */

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const serverDir = path.resolve(here, '..');
const require = createRequire(import.meta.url);

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  requestBody?: { content?: Record<string, { example?: unknown }> };
  security?: Array<Record<string, string[]>>;
  responses: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }>;
}
interface Document {
  servers?: Array<{ url: string }>;
  tags?: Array<{ name: string; description?: string }>;
  paths: Record<string, Record<string, Operation>>;
}

let t: TestApp;
let doc: Document;
let operations: Array<{ key: string; route: string; method: string; op: Operation }>;

/** As deployed: PUBLIC_URL names the server (a local one would be flagged by the lint). */
const PUBLIC_URL = 'https://backoffice.acme.test';

beforeAll(async () => {
  t = await createTestApp({ publicUrl: PUBLIC_URL });
  const res = await t.app.inject({ method: 'GET', url: API.openapi });
  expect(res.statusCode).toBe(200);
  doc = res.json();
  operations = Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        key: `${method.toUpperCase()} ${p}`,
        route: p.replace(/\{(\w+)\}/g, ':$1'),
        method: method.toUpperCase(),
        op,
      })),
  );
});

afterAll(async () => {
  await t?.close();
});

describe('the OpenAPI document', () => {
  it('names every operation once, in camelCase, in its route’s schema', () => {
    expect(operations.length).toBeGreaterThan(150);
    const missing = operations.filter((o) => !o.op.operationId).map((o) => o.key);
    expect(
      missing,
      'Each route declares its operationId in its schema, next to its summary: ' +
        "`schema: { operationId: 'listJobs', tags: ['admin'], summary: '…', … }` (docs/api.md)",
    ).toEqual([]);
    const badCase = operations
      .filter((o) => !/^[a-z][a-zA-Z0-9]*$/.test(o.op.operationId!))
      .map((o) => `${o.key}: ${o.op.operationId}`);
    expect(badCase, 'operationIds are camelCase: verb then noun (`getInvoicePdf`)').toEqual([]);
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const o of operations) {
      const before = seen.get(o.op.operationId!);
      if (before) twice.push(`${o.op.operationId}: ${before} and ${o.key}`);
      seen.set(o.op.operationId!, o.key);
    }
    expect(twice, 'an operationId names one operation').toEqual([]);
  });

  it('keeps the names integrators generated clients with', () => {
    const ids = new Map(operations.map((o) => [o.key, o.op.operationId]));
    expect(ids.get('POST /api/account/login')).toBe('signIn');
    expect(ids.get('GET /api/orders')).toBe('listOrders');
    expect(ids.get('POST /api/invoices')).toBe('createInvoice');
    expect(ids.get('GET /api/invoices/{id}')).toBe('getInvoice');
    expect(ids.get('GET /api/invoices/{id}/pdf')).toBe('getInvoicePdf');
    expect(ids.get('POST /api/kanban/cards/move')).toBe('moveKanbanCard');
  });

  it('summarises every operation and describes every tag', () => {
    expect(operations.filter((o) => !o.op.summary?.trim()).map((o) => o.key)).toEqual([]);
    const described = new Map((doc.tags ?? []).map((tag) => [tag.name, tag.description]));
    const undescribed = [...new Set(operations.flatMap((o) => o.op.tags ?? []))].filter(
      (tag) => !described.get(tag),
    );
    expect(undescribed, 'a new tag gets its description in API_TAGS (lib/openapi.ts)').toEqual([]);
    expect(operations.filter((o) => !o.op.tags?.length).map((o) => o.key)).toEqual([]);
  });

  it('says which operations need no sign-in, as the access matrix does', () => {
    const wrong = operations
      .filter((o) => {
        const open = routeAccess(o.method, o.route) === 'public';
        const saysOpen = Array.isArray(o.op.security) && o.op.security.length === 0;
        return open !== saysOpen;
      })
      .map((o) => o.key);
    expect(wrong).toEqual([]);
    const signIn = operations.find((o) => o.op.operationId === 'signIn')!;
    expect(signIn.op.security).toEqual([]);
  });

  it('documents a 2xx answer and the one error shape for the 4xx of every operation', () => {
    const problems: string[] = [];
    for (const o of operations) {
      const statuses = Object.keys(o.op.responses);
      // A page the browser is sent through (single sign-on) succeeds with its redirect.
      const success = o.key.includes('/api/auth/sso/') ? /^[23]/ : /^2/;
      if (!statuses.some((s) => success.test(s))) problems.push(`${o.key}: no 2xx`);
      const clientErrors = statuses.filter((s) => s.startsWith('4'));
      if (!clientErrors.length) problems.push(`${o.key}: no 4xx`);
      for (const s of clientErrors) {
        const ref = o.op.responses[s]!.content?.['application/json']?.schema?.$ref;
        if (ref !== '#/components/schemas/Error') problems.push(`${o.key}: ${s} is not Error`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('shows an example of the main call of each area', () => {
    const withExample = operations.filter((o) =>
      Object.values(o.op.requestBody?.content ?? {}).some((media) => media.example !== undefined),
    );
    const ids = withExample.map((o) => o.op.operationId);
    expect(ids).toEqual(expect.arrayContaining(['signIn', 'createOrder', 'createInvoice']));
    const areas = new Set(withExample.flatMap((o) => o.op.tags ?? []));
    expect(areas.size).toBeGreaterThanOrEqual(15);
  });

  it('names the server by PUBLIC_URL, whatever host it was asked at', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: API.openapi,
      headers: { host: 'internal-node-7:3000' },
    });
    expect(res.json().servers).toEqual([{ url: PUBLIC_URL, description: expect.any(String) }]);
  });

  it('passes Redocly’s recommended rules with no error and no warning', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bo-openapi-'));
    try {
      // The ignore file names `openapi.json` beside it: the three files go side by side.
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc));
      copyFileSync(path.join(serverDir, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
      const ignoreFile = '.redocly.lint-ignore.yaml';
      copyFileSync(path.join(serverDir, ignoreFile), path.join(dir, ignoreFile));
      const pkg = require.resolve('@redocly/cli/package.json');
      const bin = path.join(path.dirname(pkg), JSON.parse(readFileSync(pkg, 'utf8')).bin.redocly);
      const lint = await run(
        process.execPath,
        [bin, 'lint', 'openapi.json', '--format=json', '--max-problems=1000'],
        {
          cwd: dir,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          maxBuffer: 64 * 1024 * 1024,
        },
      ).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
      const report = JSON.parse(lint.stdout) as {
        totals: { errors: number; warnings: number; ignored: number };
        problems: Array<{ ruleId: string; message: string; location: Array<{ pointer: string }> }>;
      };
      const shown = report.problems.map(
        (p) => `${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`,
      );
      expect(shown).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
      // Every ignore entry still matches a problem: none outlives its reason.
      const entries = readFileSync(path.join(serverDir, ignoreFile), 'utf8').match(/^\s+- '#/gm);
      expect(report.totals.ignored).toBe(entries?.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
