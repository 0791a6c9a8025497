import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { ADMIN } from '../../../test/config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SERVER = path.resolve(here, '../../../test/job-server.ts');

async function until<T>(check: () => Promise<T> | T, ms: number): Promise<NonNullable<T>> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the server process; answers its URL once it listens. */
function start(config: object): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { ...process.env, BO_TEST_CONFIG: JSON.stringify(config) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\S+)/.exec(out);
      if (m) resolve({ child, url: m[1]! });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening`)));
  });
}

describe('a server killed while a job runs', () => {
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('runs the job again after restart, and the mail is received once', async () => {
    // A mail server that holds the first delivery open (the job is running) and accepts later ones.
    const received: string[] = [];
    let held: Socket | undefined;
    let sessions = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onConnect(session, callback) {
        sessions++;
        callback();
      },
      onData(stream, session, callback) {
        if (!held) {
          held = (session as unknown as { _socket?: Socket })._socket ?? ({} as Socket);
          stream.resume();
          return; // never answers: the delivery hangs until the process dies
        }
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString());
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
    cleanups.push(() => new Promise((r) => smtp.close(() => r(undefined))));
    const smtpPort = (smtp.server.address() as { port: number }).port;

    // The store: a PostgreSQL database of its own, or an embedded data directory.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bo-kill-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let databaseUrl: string | undefined;
    const base = process.env.TEST_DATABASE_URL;
    if (base) {
      const name = `bo_kill_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      const u = new URL(base);
      u.pathname = `/${name}`;
      databaseUrl = u.toString();
      cleanups.push(async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.end();
      });
    }
    const config = {
      dataDir,
      databaseUrl,
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      jobs: {
        workers: true,
        pollSeconds: 0.5,
        maintenanceSeconds: 1,
        // A short lease so the test need not wait the real 90 s; no growing delay.
        overrides: { 'mail-delivery': { timeoutSeconds: 4, retryDelaySeconds: 1, backoff: false } },
      },
    };

    let first = await start(config);
    cleanups.push(() => first.child.kill('SIGKILL'));
    // A reset code for the administrator: one mail through the outbox and the queue.
    const asked = await fetch(`${first.url}/api/account/reset-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: ADMIN.email }),
    });
    expect(asked.status).toBe(200);
    await until(() => held, 20_000);
    first.child.kill('SIGKILL');
    await new Promise((r) => first.child.once('exit', r));
    held!.destroy?.();
    expect(received).toHaveLength(0);

    first = await start(config);
    await until(() => received.length === 1, 30_000);
    // Long enough for a second delivery to show if the job ran twice.
    await new Promise((r) => setTimeout(r, 3000));
    expect(received).toHaveLength(1);
    expect(received[0]).toContain(ADMIN.email);
    expect(sessions).toBeGreaterThanOrEqual(2);
    first.child.kill('SIGTERM');
    await new Promise((r) => first.child.once('exit', r));
  }, 240_000);
});
