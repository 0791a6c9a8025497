import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client.js';
import { bootstrap } from '../src/bootstrap.js';
import { testConfig } from './config.js';

/**
 * Runs once per `vitest run` of the server project: migrates (and, for the files that ask for
 * demo data, seeds) one database of each kind, which every test file then copies instead of
 * running initdb, 44 migrations and the seed again. Embedded: a dump of the data directory
 * (PGlite starts from it); PostgreSQL: template databases (`CREATE DATABASE … TEMPLATE`).
 */
export type TemplateKind = 'base' | 'demo';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Embedded store: the dump file of each template. */
    pgliteTemplates: Record<TemplateKind, string> | null;
    /** PostgreSQL: the template database of each kind. */
    pgTemplates: Record<TemplateKind, string> | null;
  }
}

async function prepare(database: Database, kind: TemplateKind) {
  await database.migrate();
  const config = testConfig({ demoData: kind === 'demo' });
  try {
    await bootstrap(config, database, () => {});
  } finally {
    rmSync(config.dataDir, { recursive: true, force: true });
  }
}

async function pgliteTemplates(dir: string): Promise<Record<TemplateKind, string>> {
  const out = {} as Record<TemplateKind, string>;
  for (const kind of ['base', 'demo'] as const) {
    const database = await openDatabase({});
    try {
      await prepare(database, kind);
      const client = (
        database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
      ).$client;
      const dump = await client.dumpDataDir('none');
      const file = path.join(dir, `${kind}.tar`);
      writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
      out[kind] = file;
    } finally {
      await database.close();
    }
  }
  return out;
}

async function admin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

async function pgTemplates(url: string): Promise<Record<TemplateKind, string>> {
  const stamp = `${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const out = {} as Record<TemplateKind, string>;
  for (const kind of ['base', 'demo'] as const) {
    const name = `bo_tpl_${kind}_${stamp}`;
    await admin(url, (c) => c.query(`CREATE DATABASE ${name}`));
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: target.toString(), poolSize: 2 });
    try {
      await prepare(database, kind);
    } finally {
      await database.close();
    }
    out[kind] = name;
  }
  return out;
}

export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const templates = await pgTemplates(url);
    project.provide('pgTemplates', templates);
    project.provide('pgliteTemplates', null);
    return async () => {
      await admin(url, async (c) => {
        for (const name of Object.values(templates)) {
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }
      });
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-test-templates-'));
  project.provide('pgliteTemplates', await pgliteTemplates(dir));
  project.provide('pgTemplates', null);
  return () => rmSync(dir, { recursive: true, force: true });
}
