import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { ADMIN_API } from '@bo/contract/admin';
import type { AppConfig } from '../config.js';
import { openDatabase, type Database } from '../db/client.js';
import { buildApp } from '../app.js';
import { STORE, call, createTestApp, login, testConfig, type TestApp } from '../../test/helpers.js';
import {
  MANIFEST_ENTRY,
  backupToFile,
  readBackupRecord,
  readState,
  runScheduledBackup,
  type BackupManifest,
} from './backup.js';
import { createStorage } from '../lib/storage/index.js';
import { startS3 } from '../../test/s3.js';
import { restoreBackup, verifyArchive } from './restore.js';
import { TarWriter, readTar } from './tar.js';

/**
 * A backup of a running server taking writes, restored into a new data directory (embedded) or
 * a new database (PostgreSQL), and a server started on it: every table's rows and every file's
 * checksum as the manifest says. Damaged and too-new archives are refused before anything is
 * written.
 */

const hasPgDump = spawnSync('pg_dump', ['--version']).status === 0;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function multipart(name: string, type: string, body: Buffer) {
  const boundary = `----bo${randomBytes(6).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: ${type}\r\n\r\n`,
      ),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A target to restore into, and its removal. */
async function emptyTarget(): Promise<{ config: AppConfig; drop: () => Promise<void> }> {
  const config = testConfig();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return { config, drop: async () => rmSync(config.dataDir, { recursive: true }) };
  const name = `backup_restore_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  config.databaseUrl = target.toString();
  return {
    config,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/** The archive rewritten with its manifest changed (the entries' checksums stay right). */
async function withManifest(
  file: string,
  out: string,
  change: (m: BackupManifest) => void,
): Promise<void> {
  const chunks: Buffer[] = [];
  const sink = new PassThrough();
  sink.on('data', (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(sink);
  const { createReadStream } = await import('node:fs');
  for await (const entry of readTar(createReadStream(file))) {
    const parts: Buffer[] = [];
    for await (const c of entry.body) parts.push(c);
    let bytes = Buffer.concat(parts);
    if (entry.name === MANIFEST_ENTRY) {
      const manifest = JSON.parse(bytes.toString()) as BackupManifest;
      change(manifest);
      bytes = Buffer.from(JSON.stringify(manifest));
    }
    await tar.add(entry.name, bytes.length, bytes);
  }
  await tar.finish();
  await writeFile(out, Buffer.concat(chunks));
}

describe.skipIf(STORE === 'postgres' && !hasPgDump)(`backup and restore (${STORE})`, () => {
  let t: TestApp;
  let admin: string;
  const work = mkdtempSync(path.join(tmpdir(), 'bo-backup-test-'));
  const archive = path.join(work, 'backup.tar');
  const uploads: Array<{ id: string; bytes: Buffer }> = [];
  let manifest: BackupManifest;

  beforeAll(async () => {
    t = await createTestApp({ maxUploadBytes: 2 * 1024 * 1024 });
    // PostgreSQL: the app's configuration names its database, as DATABASE_URL does in production.
    if (t.databaseUrl) t.config.databaseUrl = t.databaseUrl;
    admin = (await login(t.app)).accessToken;
    for (let i = 0; i < 3; i++) {
      const made = await call(t.app, admin, {
        method: 'POST',
        url: '/api/users',
        payload: {
          email: `person${i}@test.local`,
          firstName: 'Person',
          lastName: `Number ${i}`,
          role: 'user',
          password: 'a-long-unusual-password',
        },
      });
      expect([201, 200]).toContain(made.statusCode);
    }
    for (let i = 0; i < 4; i++) {
      const bytes = Buffer.concat([
        Buffer.from('89504e470d0a1a0a', 'hex'),
        randomBytes(20_000 + i * 5000),
      ]);
      const res = await call(t.app, admin, {
        method: 'POST',
        url: '/api/files',
        ...multipart(`picture-${i}.png`, 'image/png', bytes),
      });
      expect(res.statusCode, res.body).toBe(201);
      uploads.push({ id: res.json().file.id, bytes });
    }
  }, 60_000);

  afterAll(async () => {
    await t?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('backs up a server while it takes writes: the archive verifies against its manifest', async () => {
    let writing = true;
    let written = 0;
    const failures: string[] = [];
    const writer = (async () => {
      while (writing && failures.length === 0) {
        const res = await call(t.app, admin, {
          method: 'POST',
          url: '/api/calendar/events/new',
          payload: {
            title: `Busy ${written}`,
            description: 'written during the backup',
            color: '#00A76F',
            allDay: false,
            start: '2030-03-10T09:00:00.000Z',
            end: '2030-03-10T10:30:00.000Z',
          },
        });
        if (res.statusCode === 201) written++;
        else failures.push(`${res.statusCode} ${res.body}`);
        // A busy office, not a tight loop: the embedded store runs on the event loop.
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    // Some writes before, during and after the backup.
    while (written < 3 && failures.length === 0) await new Promise((r) => setTimeout(r, 5));
    const before = written;
    const res = await call(t.app, admin, { method: 'POST', url: ADMIN_API.backups });
    const during = written - before;
    writing = false;
    await writer;
    expect(failures).toEqual([]);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/x-tar');
    await writeFile(archive, res.rawPayload);

    manifest = await verifyArchive(archive);
    expect(manifest.store).toBe(STORE);
    expect(manifest.migration?.tag).toMatch(/^\d{4}_/);
    expect(manifest.counts['public.users']).toBeGreaterThanOrEqual(4);
    const events = manifest.counts['public.calendar_events'] ?? 0;
    expect(events).toBeGreaterThanOrEqual(before);
    // Writes went on while the backup was taken (they waited only for the snapshot).
    expect(during).toBeGreaterThan(0);
    // Every uploaded file is in it with its checksum.
    const sums = new Set(manifest.files.map((f) => f.sha256));
    for (const u of uploads) expect(sums.has(sha(u.bytes))).toBe(true);
    for (const f of manifest.files) expect(f.entry).toMatch(/^files\/[A-Za-z0-9][\w.-]*$/);

    // Audited, and readable for the system page.
    const audit = await call(t.app, admin, {
      method: 'GET',
      url: `${ADMIN_API.audit}?action=system.backup`,
    });
    expect(audit.json().total).toBe(1);
    // Recorded once the last byte is sent.
    await expect
      .poll(async () => (await readBackupRecord(t.database)).last)
      .toMatchObject({ via: 'http', size: res.rawPayload.length });

    // Not for a plain user.
    const user = await login(t.app, 'person0@test.local', 'a-long-unusual-password');
    const denied = await call(t.app, user.accessToken, { method: 'POST', url: ADMIN_API.backups });
    expect(denied.statusCode).toBe(403);
  }, 30_000);

  it('restores into an empty target; a server started on it has every count and file of the manifest', async () => {
    const target = await emptyTarget();
    let database: Database | undefined;
    let app: Awaited<ReturnType<typeof buildApp>> | undefined;
    try {
      const report = await restoreBackup(archive, { config: target.config });
      expect(report.files).toBe(manifest.files.length);

      database = await openDatabase({
        databaseUrl: target.config.databaseUrl,
        dataDir: target.config.databaseUrl ? undefined : target.config.dataDir,
      });
      await database.migrate();
      app = await buildApp({ config: target.config, database, logger: false });
      await app.ready();

      const { counts, migration } = await readState(database.query);
      expect(counts).toEqual(manifest.counts);
      expect(migration).toEqual(manifest.migration);
      for (const f of manifest.files) {
        const chunks: Buffer[] = [];
        for await (const c of await app.storage.open(f.entry.slice('files/'.length)))
          chunks.push(c as Buffer);
        expect(sha(Buffer.concat(chunks)), f.entry).toBe(f.sha256);
      }

      // Through HTTP: the administrator signs in and downloads what was uploaded.
      const token = (await login(app)).accessToken;
      for (const u of uploads) {
        const got = await call(app, token, { method: 'GET', url: `/api/files/${u.id}/content` });
        expect(got.statusCode).toBe(200);
        expect(sha(got.rawPayload)).toBe(sha(u.bytes));
      }
      const users = await call(app, token, { method: 'GET', url: '/api/users?limit=50' });
      expect(users.json().total).toBe(manifest.counts['public.users']);
      await app.close();
      app = undefined;
      await database.close();
      database = undefined;

      // The same target again: it is not empty any more.
      await expect(restoreBackup(archive, { config: target.config })).rejects.toThrow(
        /not empty|already holds/,
      );
    } finally {
      await app?.close();
      await database?.close();
      await target.drop();
    }
  }, 30_000);

  it('refuses a damaged archive before writing anything', async () => {
    const bytes = await readFile(archive);
    // One byte of an uploaded file changed inside the archive.
    const at = bytes.indexOf(uploads[0]!.bytes.subarray(100, 140));
    expect(at).toBeGreaterThan(0);
    bytes[at] = bytes[at]! ^ 0xff;
    const damaged = path.join(work, 'damaged.tar');
    await writeFile(damaged, bytes);
    // Cut short.
    const cut = path.join(work, 'cut.tar');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));

    const target = await emptyTarget();
    try {
      await expect(restoreBackup(damaged, { config: target.config })).rejects.toThrow(/checksum/);
      await expect(restoreBackup(cut, { config: target.config })).rejects.toThrow(
        /damaged|cut short|ends/,
      );
      expect(existsSync(path.join(target.config.dataDir, 'pgdata'))).toBe(false);
      expect(existsSync(path.join(target.config.dataDir, 'uploads'))).toBe(false);
    } finally {
      await target.drop();
    }
  });

  it('refuses an archive whose database is newer than the code', async () => {
    const newer = path.join(work, 'newer.tar');
    await withManifest(archive, newer, (m) => {
      m.migration = { idx: 9999, tag: '9999_from_the_future', when: Date.now() + 1e11 };
    });
    const target = await emptyTarget();
    try {
      await expect(restoreBackup(newer, { config: target.config })).rejects.toThrow(
        /newer than this code/,
      );
      expect(existsSync(path.join(target.config.dataDir, 'pgdata'))).toBe(false);
    } finally {
      await target.drop();
    }
  });

  it.runIf(STORE === 'pglite')(
    'scheduled backups go to BACKUP_DIR, keep the newest BACKUP_KEEP, and are recorded',
    async () => {
      const backupDir = path.join(work, 'scheduled');
      const options = {
        config: { ...t.config, backupDir, backupKeep: 1 },
        database: t.database,
        storage: t.app.storage,
      };
      const day = Date.UTC(2030, 0, 1);
      for (let i = 0; i < 2; i++)
        await runScheduledBackup({ ...options, now: new Date(day + i * 3600_000) });
      const kept = readdirSync(backupDir).sort();
      expect(kept).toEqual(['backup-20300101T010000Z.tar.gz']);
      const record = await readBackupRecord(t.database);
      expect(record.last).toMatchObject({
        via: 'schedule',
        file: path.join(backupDir, 'backup-20300101T010000Z.tar.gz'),
      });
      await verifyArchive(path.join(backupDir, kept[0]!));
    },
    30_000,
  );

  it.runIf(STORE === 'pglite')(
    'takes every object of an S3 bucket and puts it back into an empty one',
    async () => {
      const [from, to] = await Promise.all([startS3('bo-backup-from'), startS3('bo-backup-to')]);
      // The suite's database (a new one would cost an initdb); the files are all in S3.
      const database = t.database;
      const source = testConfig({ s3: from.config });
      const target = testConfig({ s3: to.config });
      const storage = await createStorage(source);
      try {
        const objects = ['a.png', 'b.pdf', '.tus-upload-0'].map((key, i) => ({
          key,
          bytes: randomBytes(1000 + i * 700),
        }));
        for (const o of objects) await storage.put(o.key, o.bytes, 'application/octet-stream');
        const file = path.join(work, 's3.tar.gz');
        const { manifest: m } = await backupToFile(
          { database, storage, dataDir: source.dataDir },
          file,
        );
        expect(m.storage).toBe('s3');
        expect(m.files.map((f) => f.entry).sort()).toEqual(
          objects.map((o) => `files/${o.key}`).sort(),
        );

        const report = await restoreBackup(file, { config: target });
        expect(report.files).toBe(objects.length);
        const restored = await createStorage(target);
        try {
          for (const o of objects) {
            const chunks: Buffer[] = [];
            for await (const c of await restored.open(o.key)) chunks.push(c as Buffer);
            expect(sha(Buffer.concat(chunks))).toBe(sha(o.bytes));
          }
        } finally {
          await restored.close();
        }
        // The bucket is not empty any more (and neither is the data directory).
        rmSync(path.join(target.dataDir, 'pgdata'), { recursive: true });
        await expect(restoreBackup(file, { config: target })).rejects.toThrow(
          /storage is not empty/,
        );
      } finally {
        await storage.close();
        await Promise.all([from.close(), to.close()]);
        for (const c of [source, target]) rmSync(c.dataDir, { recursive: true, force: true });
      }
    },
  );
});
