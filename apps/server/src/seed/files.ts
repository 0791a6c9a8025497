import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { strToU8, zipSync } from 'fflate';
import type { Exec, SeedStep } from './index.js';
import { KIND, lit } from './sql-gen.js';

/**
 * The file manager's demo and benchmark files. Their bytes are a small pool generated here (a
 * picture, a PDF, a sound, a spreadsheet…, nothing fetched) and put in the store at every start;
 * the generated records all point into that pool, so a million records need a few kilobytes.
 * Pool objects are never deleted with a record (their keys start with `seed-`).
 */

function png(width: number, height: number, hue: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      // A soft diagonal gradient around the hue, and a lighter disc: a picture, not noise.
      const d = Math.hypot(x - width * 0.65, y - height * 0.35) < height * 0.18 ? 60 : 0;
      raw[i] = Math.min(255, ((hue * 97) % 200) + (x * 40) / width + d);
      raw[i + 1] = Math.min(255, ((hue * 53) % 180) + (y * 60) / height + d);
      raw[i + 2] = Math.min(255, 120 + ((hue * 31) % 120) + d);
    }
  }
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function pdf(title: string, lines: string[]): Buffer {
  const text = [
    `BT /F1 20 Tf 50 760 Td (${title}) Tj ET`,
    ...lines.map((l, i) => `BT /F1 12 Tf 50 ${720 - i * 18} Td (${l}) Tj ET`),
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) body += `${String(o).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** One second of a soft chord, 16-bit mono WAV. */
function wav(frequency: number): Buffer {
  const rate = 8000;
  const samples = rate;
  const out = Buffer.alloc(44 + samples * 2);
  out.write('RIFF', 0, 'latin1');
  out.writeUInt32LE(36 + samples * 2, 4);
  out.write('WAVEfmt ', 8, 'latin1');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(1, 22);
  out.writeUInt32LE(rate, 24);
  out.writeUInt32LE(rate * 2, 28);
  out.writeUInt16LE(2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'latin1');
  out.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    const t = i / rate;
    const fade = Math.min(1, (samples - i) / 800, i / 200);
    const v =
      (Math.sin(2 * Math.PI * frequency * t) + 0.5 * Math.sin(2 * Math.PI * frequency * 1.5 * t)) *
      6000 *
      fade;
    out.writeInt16LE(Math.round(v), 44 + i * 2);
  }
  return out;
}

export interface PoolFile {
  key: string;
  /** The base of generated names (an extension is added). */
  stem: string;
  ext: string;
  mime: string;
  category: 'image' | 'audio' | 'document' | 'archive' | 'other';
  bytes: Buffer;
}

let pool: PoolFile[] | null = null;

/** The pool, made once per process (a few kilobytes). */
export function seedFilePool(): PoolFile[] {
  if (pool) return pool;
  const entry = (
    i: number,
    stem: string,
    ext: string,
    mime: string,
    category: PoolFile['category'],
    bytes: Buffer,
  ): PoolFile => ({
    key: `seed-file-${i}.${ext}`,
    stem,
    ext,
    mime,
    category,
    bytes,
  });
  pool = [
    entry(0, 'Team offsite', 'png', 'image/png', 'image', png(320, 200, 1)),
    entry(1, 'Product shot', 'png', 'image/png', 'image', png(240, 240, 4)),
    entry(2, 'Moodboard', 'png', 'image/png', 'image', png(400, 240, 7)),
    entry(
      3,
      'Quarterly report',
      'pdf',
      'application/pdf',
      'document',
      pdf('Quarterly report', [
        'Revenue grew in every region.',
        'Orders, invoices and refunds are in the appendix.',
      ]),
    ),
    entry(
      4,
      'Contract',
      'pdf',
      'application/pdf',
      'document',
      pdf('Service agreement', [
        'Between Minimal Studio Ltd and the customer.',
        'Term: twelve months, renewable.',
      ]),
    ),
    entry(
      5,
      'Meeting notes',
      'txt',
      'text/plain',
      'document',
      Buffer.from(
        'Meeting notes\n\n- Launch moved to next sprint\n- Budget approved\n- Next review on Monday\n',
      ),
    ),
    entry(
      6,
      'Budget',
      'csv',
      'text/csv',
      'document',
      Buffer.from(
        'month,income,expenses\nJanuary,42000,31000\nFebruary,45500,32800\nMarch,51200,33900\n',
      ),
    ),
    entry(
      7,
      'Read me',
      'md',
      'text/markdown',
      'document',
      Buffer.from('# Project\n\nEverything the team needs: briefs, assets and the schedule.\n'),
    ),
    entry(8, 'Jingle', 'wav', 'audio/wav', 'audio', wav(440)),
    entry(9, 'Voice memo', 'wav', 'audio/wav', 'audio', wav(330)),
    entry(
      10,
      'Brand assets',
      'zip',
      'application/zip',
      'archive',
      Buffer.from(
        zipSync({
          'logo.txt': strToU8('logo goes here'),
          'colors.txt': strToU8('#00A76F #8E33FF #00B8D9'),
        }),
      ),
    ),
    entry(
      11,
      'Backup',
      'bin',
      'application/octet-stream',
      'other',
      Buffer.from(Array.from({ length: 2048 }, (_, i) => (i * 131) % 256)),
    ),
  ];
  return pool;
}

/** Puts the pool in the store (disk or S3) where it is missing. */
export async function ensureSeedFiles(storage: {
  stat(key: string): Promise<unknown>;
  put(key: string, bytes: Buffer, mime: string): Promise<void>;
}): Promise<void> {
  await Promise.all(
    seedFilePool().map(async (f) => {
      if (!(await storage.stat(f.key))) await storage.put(f.key, f.bytes, f.mime);
    }),
  );
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The demo drive of the first administrator: what a new installation shows. */
const ADMIN_TREE: Array<{
  folder: string;
  parent?: string;
  files: Array<[number, string, string[]?]>;
}> = [
  { folder: 'Projects', files: [[7, 'Read me.md']] },
  {
    folder: 'Website',
    parent: 'Projects',
    files: [
      [1, 'Hero image.png', ['web']],
      [2, 'Moodboard.png', ['web', 'design']],
      [4, 'Agency contract.pdf', ['legal']],
    ],
  },
  {
    folder: 'Marketing',
    files: [
      [0, 'Team offsite.png'],
      [10, 'Brand assets.zip', ['design']],
      [8, 'Jingle.wav'],
    ],
  },
  {
    folder: 'Finance',
    files: [
      [3, 'Quarterly report Q3.pdf', ['finance']],
      [6, 'Budget 2026.csv', ['finance']],
    ],
  },
  {
    folder: '',
    files: [
      [5, 'Meeting notes.txt'],
      [9, 'Voice memo.wav'],
      [11, 'Backup.bin'],
      [3, 'Annual report.pdf', ['finance']],
    ],
  },
];

export const fileSeedStep: SeedStep = {
  name: 'files',
  tables: ['files'],
  async run({ exec, gen, counts, now }) {
    const files = seedFilePool();
    // The newest administrator: the one a new installation just created (seeded people are older).
    const [admin] = await exec(
      `SELECT id FROM users WHERE role = 'admin' ORDER BY created_at DESC, id LIMIT 1`,
    );
    const people = Math.min(counts.users, 100_000);
    let seq = 0;
    const nextId = () => gen.uidJs(KIND.file, 10_000_000 + ++seq);
    const rows: string[] = [];
    const shares: string[] = [];
    const favourites: string[] = [];
    const at = (daysAgo: number) =>
      lit(new Date(now.getTime() - daysAgo * 86_400_000).toISOString());
    const row = (
      id: string,
      owner: string,
      parent: string | null,
      name: string,
      f: PoolFile | null,
      tags: string[],
      days: number,
    ) =>
      `(${lit(id)}, ${lit(owner)}, 'drive', ${f ? 'false' : 'true'}, ${parent ? lit(parent) : 'NULL'}, ${lit(name)}, ${lit(f?.mime ?? 'folder')}, ${lit(f?.category ?? 'folder')}, ${f?.bytes.length ?? 0}, ${lit(f?.key ?? '')}, ${lit(f ? sha(f.bytes) : '')}, ARRAY[${tags.map(lit).join(',')}]::text[], ${at(days)}, ${at(days)})`;

    if (admin) {
      const owner = String(admin.id);
      const folders = new Map<string, string>();
      // Spread over the two years of history, more of them lately (a drive fills up), so each
      // period's uploads have an earlier period to compare with.
      const n = ADMIN_TREE.reduce((k, node) => k + (node.folder ? 1 : 0) + node.files.length, 0);
      let k = 0;
      const next = () => {
        const left = (n - 1 - k++) / Math.max(1, n - 1);
        return 2 + Math.round((Math.min(counts.historyDays, 730) - 30) * left * left);
      };
      for (const node of ADMIN_TREE) {
        let parent: string | null = null;
        if (node.folder) {
          const id = nextId();
          folders.set(node.folder, id);
          rows.push(
            row(
              id,
              owner,
              node.parent ? folders.get(node.parent)! : null,
              node.folder,
              null,
              [],
              next(),
            ),
          );
          parent = id;
        }
        for (const [index, name, tags] of node.files) {
          const id = nextId();
          rows.push(row(id, owner, parent, name, files[index]!, tags ?? [], next()));
          if (name.startsWith('Quarterly') || name.startsWith('Hero'))
            favourites.push(`(${lit(id)}, ${lit(owner)})`);
        }
      }
      // Shared with colleagues, and their files shared with the administrator.
      for (let u = 1; u <= Math.min(3, counts.users); u++) {
        const colleague = gen.uidJs(KIND.user, u);
        shares.push(
          `(${lit(folders.get('Marketing')!)}, ${lit(colleague)}, ${lit(u === 1 ? 'edit' : 'view')})`,
        );
        const theirs = nextId();
        rows.push(
          row(
            theirs,
            colleague,
            null,
            `${files[(u * 3) % files.length]!.stem} from a colleague.${files[(u * 3) % files.length]!.ext}`,
            files[(u * 3) % files.length]!,
            [],
            u,
          ),
        );
        shares.push(`(${lit(theirs)}, ${lit(owner)}, 'view')`);
      }
    }
    for (let i = 0; i < rows.length; i += 500)
      await exec(
        `INSERT INTO files (id, owner_id, scope, is_folder, parent_id, name, mime, category, size, storage_key, checksum, tags, created_at, updated_at) VALUES ${rows.slice(i, i + 500).join(', ')}`,
      );
    if (shares.length)
      await exec(`INSERT INTO file_shares (file_id, user_id, access) VALUES ${shares.join(', ')}`);
    if (favourites.length)
      await exec(`INSERT INTO file_favorites (file_id, user_id) VALUES ${favourites.join(', ')}`);

    // The volume: `counts.files` records over the first people, two folders and files each.
    const total = counts.files;
    if (total > 0 && people > 0) {
      const per = Math.max(3, Math.ceil(total / people));
      const arr = (xs: Array<string | number>) =>
        `ARRAY[${xs.map((x) => (typeof x === 'number' ? String(x) : lit(x))).join(',')}]`;
      const names = arr(files.map((f) => f.stem));
      const exts = arr(files.map((f) => f.ext));
      const mimes = arr(files.map((f) => f.mime));
      const cats = arr(files.map((f) => f.category));
      const sizes = arr(files.map((f) => f.bytes.length));
      const keys = arr(files.map((f) => f.key));
      const sums = arr(files.map((f) => sha(f.bytes)));
      const span = Math.max(1, counts.historyDays);
      await exec('ALTER TABLE files DISABLE TRIGGER files_usage');
      const CHUNK = 200_000;
      for (let first = 1; first <= total; first += CHUNK) {
        const last = Math.min(total, first + CHUNK - 1);
        // n numbers the record; u its owner; j its place in the owner's drive (0, 1 = folders).
        await exec(`INSERT INTO files (id, owner_id, scope, is_folder, parent_id, name, mime, category, size, storage_key, checksum, tags, created_at, updated_at)
SELECT ${gen.uid(KIND.file, 'n')}, ${gen.uid(KIND.user, 'u')}, 'drive', j < 2,
  CASE WHEN j < 2 THEN NULL ELSE ${gen.uid(KIND.file, `(u - 1) * ${per} + 1 + (j % 2)`)} END,
  CASE WHEN j = 0 THEN 'Documents' WHEN j = 1 THEN 'Photos' ELSE (${names})[p] || ' ' || j || '.' || (${exts})[p] END,
  CASE WHEN j < 2 THEN 'folder' ELSE (${mimes})[p] END,
  CASE WHEN j < 2 THEN 'folder' ELSE (${cats})[p] END,
  CASE WHEN j < 2 THEN 0 ELSE (${sizes})[p] END,
  CASE WHEN j < 2 THEN '' ELSE (${keys})[p] END,
  CASE WHEN j < 2 THEN '' ELSE (${sums})[p] END,
  '{}'::text[], ts, ts
FROM (
  SELECT n, (n - 1) / ${per} + 1 AS u, (n - 1) % ${per} AS j,
    1 + ${gen.h('n', 41)} % ${files.length} AS p,
    ${lit(now.toISOString())}::timestamptz - (${gen.h('n', 42)} % ${span * 86_400}) * interval '1 second' AS ts
  FROM generate_series(${first}, ${last}) AS n
) g WHERE u <= ${people}`);
      }
      await exec('ALTER TABLE files ENABLE TRIGGER files_usage');
    }
    await rebuildStorageUsage(exec);
  },
};

/** The per-person storage aggregate, recomputed from the records (the trigger keeps it after). */
export async function rebuildStorageUsage(exec: Exec): Promise<void> {
  await exec('DELETE FROM storage_usage');
  await exec(`INSERT INTO storage_usage (owner_id, category, bytes, count)
SELECT owner_id, category, sum(bytes), sum(n) FROM (
  SELECT owner_id, category, size AS bytes, 1 AS n FROM files WHERE owner_id IS NOT NULL AND NOT is_folder
  UNION ALL SELECT owner_id, category, size, 0 FROM file_versions WHERE owner_id IS NOT NULL
) x GROUP BY owner_id, category`);
}
