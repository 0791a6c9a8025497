import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helpers.js';
import { migrationsFolder } from './client.js';
import {
  DEFINED_FUNCTIONS_SQL,
  applyFunctions,
  canonicalFunction,
  readFunctionFiles,
  type DefinedFunction,
} from './functions.js';

/** The last migration written before functions had files: the later ones may only add functions. */
const LAST_MIGRATION_WITH_FUNCTION_BODIES = 43;

let t: TestApp;
let defined: DefinedFunction[];
const files = readFunctionFiles();

beforeAll(async () => {
  t = await createTestApp();
  defined = await t.database.query<DefinedFunction>(DEFINED_FUNCTIONS_SQL);
});
afterAll(async () => {
  await t?.close();
});

describe('database functions: one file each (db/functions)', () => {
  it('has a file for every function of the migrated database', () => {
    const withFile = new Set(files.map((f) => f.name));
    const missing = defined.filter((d) => !withFile.has(d.name)).map((d) => d.signature);
    expect(missing, 'functions without a file in src/db/functions').toEqual([]);
    const overloads = defined.filter((d, i) => defined.findIndex((o) => o.name === d.name) !== i);
    expect(
      overloads.map((d) => d.signature),
      'one function per name',
    ).toEqual([]);
  });

  it('has a function for every file, and it is the file', () => {
    for (const file of files) {
      const fn = defined.find((d) => d.name === file.name);
      expect(fn, `${file.name}.sql names no function of the database`).toBeDefined();
      expect(
        canonicalFunction(file.sql),
        `${file.name}.sql differs from the database's ${fn!.signature}; it reads:\n${fn!.definition}`,
      ).toBe(canonicalFunction(fn!.definition ?? ''));
    }
  });

  it('brings a function changed by hand back to its file, and rewrites nothing when all match', async () => {
    const run = (text: string) => t.database.query(text);
    expect(await applyFunctions(run)).toEqual([]);
    await t.database.query(
      `CREATE OR REPLACE FUNCTION public.mail_count_keys(folder text, starred boolean, important boolean, labels uuid[])
        RETURNS text[] LANGUAGE sql IMMUTABLE AS $$ SELECT ARRAY['stale'] $$`,
    );
    await t.database.migrate();
    const [after] = await t.database.query<{ definition: string }>(
      `SELECT pg_get_functiondef('public.mail_count_keys'::regproc) AS definition`,
    );
    const file = files.find((f) => f.name === 'mail_count_keys')!;
    expect(canonicalFunction(after!.definition)).toBe(canonicalFunction(file.sql));
    expect(await applyFunctions(run)).toEqual([]);
  });

  it('no migration after the files replaces a function an earlier one created', () => {
    const folder = migrationsFolder();
    const created = /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:"?public"?\.)?"?(\w+)"?\s*\(/gi;
    const seen = new Set<string>();
    const replaced: string[] = [];
    for (const name of readdirSync(folder)
      .filter((f) => /^\d{4}_.*\.sql$/.test(f))
      .sort()) {
      const text = readFileSync(path.join(folder, name), 'utf8');
      for (const [, fn] of text.matchAll(created)) {
        if (Number(name.slice(0, 4)) > LAST_MIGRATION_WITH_FUNCTION_BODIES && seen.has(fn!))
          replaced.push(`${name}: ${fn} (edit src/db/functions/${fn}.sql instead)`);
        seen.add(fn!);
      }
    }
    expect(replaced).toEqual([]);
  });
});
