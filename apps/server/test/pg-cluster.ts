import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The PostgreSQL 15 binaries of this machine (Debian's layout); PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** Whether a primary with a replica can be started here (the binaries exist). */
export const canStartCluster = existsSync(path.join(PG_BIN, 'pg_basebackup'));

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:<port>/postgres of the primary (trust authentication). */
  primaryUrl: string;
  /** The same for the streaming replica (hot standby, made with pg_basebackup -R). */
  replicaUrl: string;
  /** Stops the replica at once (`pg_ctl stop -m immediate`): a replica that went down. */
  stopReplica(): Promise<void>;
  /** Stops both servers and removes their directories; safe to call twice. */
  close(): Promise<void>;
}

/** A free loopback port, as the OS hands one out. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * initdb and postgres refuse to run as root: as root (CI containers), they run as the `postgres`
 * user, which must own the directory.
 */
const asRoot = process.getuid?.() === 0;
function pgCommand(bin: string, args: string[]) {
  const file = path.join(PG_BIN, bin);
  return asRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

/**
 * Starts a throwaway PostgreSQL primary and one streaming replica in a temporary directory, on
 * free loopback ports (about 4 s). The caller must call `close()` (in an afterAll): on a failure
 * while starting, what was started is stopped and removed before the error is thrown.
 */
export async function startPrimaryWithReplica(): Promise<PgCluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bo-pgcluster-'));
  const primaryDir = path.join(dir, 'primary');
  const replicaDir = path.join(dir, 'replica');
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const started: string[] = [];
  const stop = async (dataDir: string) => {
    if (!started.includes(dataDir)) return;
    started.splice(started.indexOf(dataDir), 1);
    await pgCommand('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']).catch(() => {});
  };
  // A test process ending without close() (a crash, a timeout) still stops its servers.
  const onExit = () => {
    for (const d of started) {
      try {
        const args = ['-D', d, '-m', 'immediate', 'stop'];
        if (asRoot)
          execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, 'pg_ctl'), ...args], {
            stdio: 'ignore',
          });
        else execFileSync(path.join(PG_BIN, 'pg_ctl'), args, { stdio: 'ignore' });
      } catch {
        // already stopped
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', onExit);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    process.off('exit', onExit);
    await stop(replicaDir);
    await stop(primaryDir);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const [primaryPort, replicaPort] = [await freePort(), await freePort()];
    await pgCommand('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-N']);
    const conf = (port: number) =>
      [
        `port = ${port}`,
        `listen_addresses = '127.0.0.1'`,
        `unix_socket_directories = '${dir}'`,
        'wal_level = replica',
        'max_wal_senders = 4',
        'fsync = off',
        'full_page_writes = off',
        'shared_buffers = 16MB',
        'hot_standby = on',
        // The replica answers its replay position often (the router's health check reads it).
        'wal_receiver_status_interval = 1s',
        '',
      ].join('\n');
    appendFileSync(path.join(primaryDir, 'postgresql.conf'), conf(primaryPort));
    appendFileSync(
      path.join(primaryDir, 'pg_hba.conf'),
      'host replication all 127.0.0.1/32 trust\n',
    );
    await pgCommand('pg_ctl', [
      '-D',
      primaryDir,
      '-l',
      path.join(dir, 'primary.log'),
      '-w',
      'start',
    ]);
    started.push(primaryDir);
    await pgCommand('pg_basebackup', [
      '-h',
      '127.0.0.1',
      '-p',
      String(primaryPort),
      '-U',
      'postgres',
      '-D',
      replicaDir,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ]);
    // The replica's own port (the copied file names the primary's; the last setting wins).
    appendFileSync(path.join(replicaDir, 'postgresql.conf'), `port = ${replicaPort}\n`);
    await pgCommand('pg_ctl', [
      '-D',
      replicaDir,
      '-l',
      path.join(dir, 'replica.log'),
      '-w',
      'start',
    ]);
    started.push(replicaDir);
    return {
      primaryUrl: `postgres://postgres@127.0.0.1:${primaryPort}/postgres`,
      replicaUrl: `postgres://postgres@127.0.0.1:${replicaPort}/postgres`,
      stopReplica: () => stop(replicaDir),
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
