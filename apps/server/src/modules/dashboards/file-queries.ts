import { sql } from 'drizzle-orm';
import type {
  Dashboard,
  DashboardCard,
  DashboardSeries,
  DashboardTable,
} from '@bo/contract/dashboards';
import { addDays } from '@bo/contract/dashboards';
import type { Executor } from '../../db/client.js';
import { bucketsOf, changeOf, type Period, jsonColumn } from './queries.js';

const FM = '/dashboard/files-manager';

interface Reads {
  usage: Array<[string, number, number]>;
  /** [day, category, files, bytes] of one's own uploads in both periods. */
  days: Array<[string, string, number, number]>;
  folders: Array<[string, string, number, string]>;
  recent: Array<[string, string, string, number, string, string | null]>;
}

/**
 * One statement, all on one person's rows: storage_usage (kept by trigger) for what is stored,
 * their uploads of both periods by the (owner, created_at) index, their top folders with the
 * number of items inside, and their newest files.
 */
async function readAll(db: Executor, p: Period, ownerId: string): Promise<Reads> {
  const start = p.previousFrom ?? p.from;
  const result = (await db.execute(sql`
    SELECT
      (SELECT COALESCE(json_agg(json_build_array(category, bytes, count) ORDER BY bytes DESC), '[]'::json)
         FROM storage_usage WHERE owner_id = ${ownerId} AND count > 0) AS usage,
      (SELECT COALESCE(json_agg(json_build_array(day, category, n, bytes)), '[]'::json) FROM (
         SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, category,
                count(*)::int AS n, sum(size)::bigint AS bytes
           FROM files
          WHERE owner_id = ${ownerId} AND scope = 'drive' AND NOT is_folder
            AND created_at >= ${`${start}T00:00:00Z`}::timestamptz
            AND created_at < ${`${addDays(p.to, 1)}T00:00:00Z`}::timestamptz
          GROUP BY 1, 2) d) AS days,
      (SELECT COALESCE(json_agg(json_build_array(f.id, f.name,
                (SELECT count(*) FROM files c WHERE c.parent_id = f.id AND c.trashed_at IS NULL), f.updated_at)
                ORDER BY f.updated_at DESC), '[]'::json)
         FROM (SELECT * FROM files WHERE owner_id = ${ownerId} AND scope = 'drive' AND is_folder
                 AND parent_id IS NULL AND trashed_at IS NULL
               ORDER BY updated_at DESC LIMIT 6) f) AS folders,
      (SELECT COALESCE(json_agg(json_build_array(id, name, category, size, created_at, parent_id)
                ORDER BY created_at DESC), '[]'::json)
         FROM (SELECT * FROM files WHERE owner_id = ${ownerId} AND scope = 'drive' AND NOT is_folder
                 AND trashed_at IS NULL ORDER BY created_at DESC LIMIT 8) r) AS recent`)) as unknown as {
    rows: Array<Record<keyof Reads, unknown>>;
  };
  const row = result.rows[0]!;
  return {
    usage: jsonColumn(row.usage),
    days: jsonColumn(row.days),
    folders: jsonColumn(row.folders),
    recent: jsonColumn(row.recent),
  };
}

interface Totals {
  files: number;
  bytes: number;
}
const zero = (): Totals => ({ files: 0, bytes: 0 });

/** The file dashboard of the person asking: their storage, uploads, folders and newest files. */
export async function fileDashboard(
  db: Executor,
  p: Period,
  ownerId: string,
  quotaBytes: number,
): Promise<Dashboard> {
  const reads = await readAll(db, p, ownerId);
  const compare = p.previousFrom !== null;
  const key = (day: string) => (p.bucket === 'day' ? day : day.slice(0, 7));
  const cur = zero();
  const prev = zero();
  const now = new Map<string, Totals>();
  const before = new Map<string, Totals>();
  for (const [day, , n, raw] of reads.days) {
    const inNow = day >= p.from;
    const map = inNow ? now : before;
    const b = map.get(key(day)) ?? zero();
    for (const t of [inNow ? cur : prev, b]) {
      t.files += n;
      t.bytes += Number(raw);
    }
    map.set(key(day), b);
  }
  const buckets = bucketsOf(p.from, p.to, p.bucket);
  const prevBuckets =
    p.previousFrom && p.previousTo ? bucketsOf(p.previousFrom, p.previousTo, p.bucket) : [];
  const pick = (keys: string[], f: (t: Totals) => number, map = now) =>
    keys.map((k) => f(map.get(k) ?? zero()));
  const used = reads.usage.reduce((a, [, bytes]) => a + Number(bytes), 0);
  const stored = reads.usage.reduce((a, [, , count]) => a + Number(count), 0);
  const periodLink = `${FM}?from=${p.from}&to=${p.to}`;

  const cards: DashboardCard[] = [
    {
      id: 'uploads',
      goodWhen: 'neither',
      label: 'Files uploaded',
      unit: 'count',
      value: cur.files,
      previous: compare ? prev.files : null,
      change: compare ? changeOf(cur.files, prev.files) : null,
      spark: pick(buckets, (t) => t.files),
      link: periodLink,
    },
    {
      id: 'uploadedBytes',
      goodWhen: 'neither',
      label: 'Uploaded',
      unit: 'bytes',
      value: cur.bytes,
      previous: compare ? prev.bytes : null,
      change: compare ? changeOf(cur.bytes, prev.bytes) : null,
      spark: pick(buckets, (t) => t.bytes),
      link: periodLink,
    },
    {
      id: 'storageUsed',
      goodWhen: 'neither',
      label: 'Storage used',
      unit: 'bytes',
      value: used,
      previous: null,
      change: null,
      spark: [],
      link: FM,
    },
    {
      id: 'quotaUsed',
      goodWhen: 'down',
      label: 'Of the quota',
      unit: 'percent',
      value: quotaBytes ? Math.round((used / quotaBytes) * 1000) / 10 : 0,
      previous: null,
      change: null,
      spark: [],
      link: FM,
    },
    {
      id: 'files',
      goodWhen: 'neither',
      label: 'Files stored',
      unit: 'count',
      value: stored,
      previous: null,
      change: null,
      spark: [],
      link: FM,
    },
  ];
  const series: DashboardSeries[] = [
    {
      id: 'uploads',
      label: 'Files uploaded',
      unit: 'count',
      buckets,
      values: pick(buckets, (t) => t.files),
      previous: compare ? pick(prevBuckets, (t) => t.files, before) : null,
    },
    {
      id: 'uploadedBytes',
      label: 'Uploaded',
      unit: 'bytes',
      buckets,
      values: pick(buckets, (t) => t.bytes),
      previous: compare ? pick(prevBuckets, (t) => t.bytes, before) : null,
    },
  ];
  const typeLink = (category: string) =>
    ['image', 'video', 'audio', 'document', 'archive', 'other'].includes(category)
      ? `${FM}?type=${category}`
      : FM;
  const tables: DashboardTable[] = [
    {
      id: 'byType',
      label: 'Storage by type',
      columns: [
        { id: 'category', label: 'Type', unit: 'text' },
        { id: 'files', label: 'Files', unit: 'count' },
        { id: 'bytes', label: 'Size', unit: 'bytes' },
        { id: 'share', label: 'Share', unit: 'percent' },
      ],
      rows: reads.usage.map(([category, bytes, count]) => ({
        id: category,
        link: typeLink(category),
        cells: {
          category,
          files: Number(count),
          bytes: Number(bytes),
          share: used ? Math.round((Number(bytes) / used) * 1000) / 10 : 0,
        },
      })),
      link: FM,
    },
    {
      id: 'folders',
      label: 'Folders',
      columns: [
        { id: 'name', label: 'Folder', unit: 'text' },
        { id: 'items', label: 'Items', unit: 'count' },
        { id: 'updatedAt', label: 'Changed', unit: 'date' },
      ],
      rows: reads.folders.map(([id, name, items, updatedAt]) => ({
        id,
        link: `${FM}?folder=${id}`,
        cells: { name, items: Number(items), updatedAt: new Date(updatedAt).toISOString() },
      })),
      link: FM,
    },
    {
      id: 'recentFiles',
      label: 'Recent files',
      columns: [
        { id: 'name', label: 'File', unit: 'text' },
        { id: 'category', label: 'Type', unit: 'text' },
        { id: 'size', label: 'Size', unit: 'bytes' },
        { id: 'createdAt', label: 'Uploaded', unit: 'date' },
      ],
      rows: reads.recent.map(([id, name, category, size, createdAt, parentId]) => ({
        id,
        link: parentId ? `${FM}?folder=${parentId}` : FM,
        cells: { name, category, size: Number(size), createdAt: new Date(createdAt).toISOString() },
      })),
      link: FM,
    },
  ];
  return { name: 'file', period: p, cards, series, tables };
}
