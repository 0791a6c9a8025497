import { FILES_API } from '@bo/contract/files';
import type { BenchScenario, JsonFetch } from '../../lib/bench.js';

export interface FileBenchContext {
  /** A folder of the signed-in person's drive holding files (the demo's "Website", or the biggest). */
  folderId: string;
  /** A word of the names in the drive, for the search. */
  word: string;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
type Item = { id: string; name: string; isFolder: boolean };
const itemsOf = (b: unknown): Item[] =>
  isObject(b) && Array.isArray(b.files) ? (b.files as Item[]) : [];

/** The signed-in person's drive: the seed gives the first administrator a demo drive. */
export async function prepareFileBench(fetchJson: JsonFetch): Promise<FileBenchContext> {
  const root = itemsOf((await fetchJson('GET', '/api/files?limit=50')).body);
  const folders = root.filter((f) => f.isFolder);
  if (!folders.length) throw new Error('no folders in the drive: seed first (npm run seed)');
  let best = folders[0]!;
  let bestTotal = -1;
  for (const f of folders) {
    const answer = await fetchJson('GET', `/api/files?folderId=${f.id}&limit=1`);
    const total =
      isObject(answer.body) && typeof answer.body.total === 'number' ? answer.body.total : 0;
    if (total > bestTotal) [best, bestTotal] = [f, total];
  }
  const file = root.find((f) => !f.isFolder) ?? root[0]!;
  return { folderId: best.id, word: file.name.split(/[ .]/)[0]!.slice(0, 8) };
}

const isList = (b: unknown) => isObject(b) && Array.isArray(b.files) && typeof b.total === 'number';

export const fileScenarios: BenchScenario<FileBenchContext>[] = [
  {
    name: 'files: a folder’s first page',
    method: 'GET',
    url: (ctx) => `/api/files?folderId=${ctx.folderId}&limit=50`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'files: the root, newest first',
    method: 'GET',
    url: () => '/api/files?limit=50&sort=-updatedAt',
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'files: search by name',
    method: 'GET',
    url: (ctx) => `/api/files?q=${encodeURIComponent(ctx.word)}&limit=50`,
    expectedStatus: 200,
    check: isList,
  },
  {
    name: 'files: storage summary',
    method: 'GET',
    url: () => FILES_API.usage,
    expectedStatus: 200,
    check: (b) => isObject(b) && isObject(b.usage) && Array.isArray(b.usage.byType),
  },
];
