import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * The database functions' files (see functions/README.md): src/db/functions from the sources,
 * dist/functions from the bundle (build.mjs copies them beside main.js).
 */
export function functionsFolder(): string {
  const folder = path.resolve(here, 'functions');
  if (!existsSync(folder)) throw new Error(`No database functions found (looked in ${folder})`);
  return folder;
}

export interface FunctionFile {
  /** The function's name: the file's name without `.sql`. */
  name: string;
  sql: string;
}

export function readFunctionFiles(folder = functionsFolder()): FunctionFile[] {
  return readdirSync(folder)
    .filter((f) => f.endsWith('.sql'))
    .sort()
    .map((f) => ({ name: f.slice(0, -4), sql: readFileSync(path.join(folder, f), 'utf8') }));
}

/**
 * What a file and `pg_get_functiondef` must agree on: the statement without the comment lines
 * above it, its final semicolon, line endings and trailing blanks. The rest is compared as it is,
 * so a file that matches is exactly what the database runs.
 */
export function canonicalFunction(text: string): string {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.trimEnd());
  let first = 0;
  while (first < lines.length && (lines[first] === '' || lines[first]!.startsWith('--'))) first++;
  return lines.slice(first).join('\n').trim().replace(/;$/, '').trimEnd();
}

/** A function of the schema `public` that no extension owns, and its current definition. */
export interface DefinedFunction {
  name: string;
  /** `name(argument types)`, which tells overloads apart. */
  signature: string;
  /** `pg_get_functiondef`; null for an aggregate, which has none. */
  definition: string | null;
}

export const DEFINED_FUNCTIONS_SQL = `
SELECT p.proname AS name, p.oid::regprocedure::text AS signature,
       CASE WHEN p.prokind = 'a' THEN NULL ELSE pg_get_functiondef(p.oid) END AS definition
  FROM pg_proc p
 WHERE p.pronamespace = 'public'::regnamespace
   AND NOT EXISTS (SELECT 1 FROM pg_depend d
                    WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
 ORDER BY p.proname, signature`;

/** Serialises the step across instances starting together (concurrent replaces of one function fail). */
const FUNCTIONS_LOCK = 0x62_6f_66_6e; // 'bofn'

/** Runs SQL (one or more statements, no parameters) and answers the last statement's rows. */
export type RunSql = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * Brings every function to its file, after the numbered migrations and inside one transaction the
 * caller opened. A function whose definition already matches its file is left alone: a start
 * rewrites nothing, and other instances' sessions keep their prepared plans.
 */
export async function applyFunctions(run: RunSql, files = readFunctionFiles()): Promise<string[]> {
  await run(`SELECT pg_advisory_xact_lock(${FUNCTIONS_LOCK})`);
  const defined = (await run(DEFINED_FUNCTIONS_SQL)) as unknown as DefinedFunction[];
  const current = new Set(
    defined.flatMap((d) => (d.definition ? [`${d.name}\n${canonicalFunction(d.definition)}`] : [])),
  );
  const applied: string[] = [];
  for (const file of files) {
    if (current.has(`${file.name}\n${canonicalFunction(file.sql)}`)) continue;
    await run(file.sql);
    applied.push(file.name);
  }
  return applied;
}
