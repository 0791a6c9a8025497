import { rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { bootstrap } from '../src/bootstrap.js';
import { ADMIN, testConfig } from './config.js';
import type { TemplateKind } from './global-setup.js';

export { ADMIN, testConfig } from './config.js';

/** Which store this run tests: PGlite in memory, or PostgreSQL when TEST_DATABASE_URL is set. */
export const STORE = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The PostgreSQL database of this app (absent on PGlite). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/**
 * A fresh database per app, copied from the migrated template that test/global-setup.ts made
 * for this run (with the first administrator, and with the demo data for `kind` demo).
 */
async function freshDatabase(kind: TemplateKind): Promise<{
  database: Database;
  drop: () => Promise<void>;
  url?: string;
}> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const dump = provided('pgliteTemplates')?.[kind];
    const database = await openDatabase(dump ? { loadDataDir: await templateBlob(dump) } : {});
    return { database, drop: async () => {} };
  }
  const template = provided('pgTemplates')?.[kind];
  const name = `bo_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 5 });
  return {
    database,
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** What the global setup provided; nothing outside a vitest run (a script using these helpers). */
function provided<K extends 'pgliteTemplates' | 'pgTemplates'>(key: K) {
  try {
    return inject(key);
  } catch {
    return null;
  }
}

const blobs = new Map<string, Blob>();
/** The dump read once per test file's process; PGlite copies it into its own memory. */
async function templateBlob(file: string): Promise<Blob> {
  let blob = blobs.get(file);
  if (!blob) {
    blob = new Blob([await readFile(file)]);
    blobs.set(file, blob);
  }
  return blob;
}

/** Builds the real app on a fresh, migrated database with the first administrator. */
export async function createTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const config = testConfig(overrides);
  const { database, drop, url } = await freshDatabase(config.demoData ? 'demo' : 'base');
  // As in production, the configuration names the PostgreSQL database the app runs on.
  if (url) config.databaseUrl ??= url;
  await database.migrate();
  await bootstrap(config, database, () => {});
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    databaseUrl: url,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export async function login(app: FastifyInstance, email = ADMIN.email, password = ADMIN.password) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/login',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; user: { id: string; role: string } };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** inject() with a token: `call(app, token, { method: 'GET', url })`. */
export function call(app: FastifyInstance, token: string, options: InjectOptions) {
  return app.inject({ ...options, headers: { ...options.headers, ...bearer(token) } });
}

/**
 * `POST /api/files?kind=…` of one file as a browser's form sends it; answers the inject result
 * (its `file` on 201).
 */
export function uploadFile(
  app: FastifyInstance,
  token: string,
  file: { name: string; bytes: Buffer; type: string; kind?: 'image' | 'any' },
) {
  const boundary = '----bo-test-upload';
  return call(app, token, {
    method: 'POST',
    url: `/api/files?kind=${file.kind ?? 'any'}`,
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
}

/** The newest 6-digit code mailed to `to` (read from the outbox, after background mail). */
export async function mailedCode(app: FastifyInstance, to: string): Promise<string> {
  await app.services.tasks.drain();
  const rows = await app.services.database.query<{ text: string }>(
    'SELECT text FROM outbox WHERE "to" = $1 ORDER BY created_at DESC LIMIT 1',
    [to.toLowerCase()],
  );
  const code = rows[0]?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code mailed to ${to}`);
  return code;
}

/**
 * Registers a person and returns their token. By default the person is then made a full user
 * as the product does it: the mailed code verifies the address and an administrator approves
 * the account. `{ pending: true }` leaves them as registered (own account only).
 */
export async function registerUser(
  app: FastifyInstance,
  body: { email: string; password?: string; firstName?: string; lastName?: string },
  options: { pending?: boolean } = {},
) {
  const registered = await registerPending(app, body);
  if (options.pending) return registered;
  const email = body.email.toLowerCase();
  const verified = await app.inject({
    method: 'POST',
    url: '/api/account/verify',
    payload: { email, code: await mailedCode(app, email) },
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const admin = await login(app);
  const approved = await call(app, admin.accessToken, {
    method: 'PATCH',
    url: `/api/users/${registered.user.id}`,
    payload: { status: 'active' },
  });
  if (approved.statusCode !== 200) throw new Error(`approve failed: ${approved.body}`);
  return registered;
}

export async function registerPending(
  app: FastifyInstance,
  body: { email: string; password?: string; firstName?: string; lastName?: string },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: {
      password: 'a-long-unusual-password',
      firstName: 'Test',
      lastName: 'Person',
      ...body,
    },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return res.json() as { accessToken: string; user: { id: string } };
}

/**
 * A second server instance on the same database, as behind a load balancer: on PostgreSQL it
 * opens its own pool (and LISTEN connection); on PGlite, which lives in one process, it shares
 * the first app's store. Close it before the first app.
 */
export async function createPeerApp(
  first: TestApp,
): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  const database = first.databaseUrl
    ? await openDatabase({ databaseUrl: first.databaseUrl, poolSize: 3 })
    : first.database;
  const app = await buildApp({ config: first.config, database, logger: false });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      if (database !== first.database) await database.close();
    },
  };
}
