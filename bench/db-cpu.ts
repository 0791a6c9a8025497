/**
 * The PostgreSQL server's CPU time around a scenario's load, read from /proc like the app server's
 * (the cluster must run on this machine and /proc be readable: the bench runs as root).
 *
 * The cluster's processes are the postmaster's children (its PID is the first line of
 * `postmaster.pid` in `SHOW data_directory`). The cluster on a shared machine serves other
 * databases too, so what is counted as the database's CPU is the backends connected to the
 * bench's database (named in their command line: `postgres: 15/main: user db host state`), the
 * parallel workers of those backends and the autovacuum workers on it. The shared background
 * processes (checkpointer, background writer, WAL writer…) are summed apart: part of their work is
 * the bench's writes, part is everyone else's.
 *
 * Backends come and go: every process is sampled at the start, every 100 ms and at the end. One
 * that appears during the load counts with its whole CPU time; one that exits counts up to its
 * last sample (at most 100 ms of it is lost).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';

const TICK_MS = (() => {
  try {
    return 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 10;
  }
})();

interface Proc {
  ppid: number;
  /** utime + stime + cutime + cstime, in ms. */
  cpuMs: number;
  /** utime + stime only, in ms. */
  selfMs: number;
  /** cutime + cstime: the CPU of its children that exited and were reaped, in ms. */
  reapedMs: number;
  /** Process start time (clock ticks after boot): a PID reused by a new process is a new one. */
  start: number;
}

function readProc(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 4 (ppid), 14–17 (utime, stime, cutime, cstime), 22 (starttime) of stat.
    return {
      ppid: Number(f[1]),
      cpuMs: (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) * TICK_MS,
      selfMs: (Number(f[11]) + Number(f[12])) * TICK_MS,
      reapedMs: (Number(f[13]) + Number(f[14])) * TICK_MS,
      start: Number(f[19]),
    };
  } catch {
    return null;
  }
}

function cmdline(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ').trim();
  } catch {
    return '';
  }
}

export interface DbCpuSample {
  /** CPU of the database's backends (and their parallel and autovacuum workers), ms. */
  dbMs: number;
  /** CPU of the cluster's shared background processes and the postmaster, ms. */
  backgroundMs: number;
  /** pg_stat_statements' total_exec_time in the database, ms (null: not available). */
  statementsMs: number | null;
  /**
   * CPU of backends that exited during the load beyond what the samples saw of them (born and
   * gone between two samples, or their last 100 ms), from the postmaster's reaped-children time:
   * any database's, so not in dbMs; on a cluster of its own it belongs to the database.
   */
  exitedUnseenMs: number;
}

export interface DbCpuMeter {
  /** Starts sampling; the returned function stops it and gives the CPU used since. */
  start(): () => Promise<DbCpuSample>;
  /** Why pg_stat_statements is or is not used. */
  statementsNote: string;
  close(): Promise<void>;
}

/**
 * A meter of the CPU the PostgreSQL cluster behind `databaseUrl` spends for that database, or a
 * reason it cannot be measured (a cluster on another machine, /proc not readable).
 */
export async function openDbCpu(databaseUrl: string): Promise<DbCpuMeter | string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let postmaster: number;
  let dbName: string;
  let statementsNote: string;
  let statements = false;
  try {
    const dir = (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!
      .data_directory;
    dbName = (await client.query<{ db: string }>('SELECT current_database() AS db')).rows[0]!.db;
    try {
      postmaster = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch (err) {
      await client.end();
      return `database CPU not measured: cannot read ${dir}/postmaster.pid (${(err as Error).message.split('\n')[0]}); the cluster must run on this machine`;
    }
    if (!readProc(postmaster)) {
      await client.end();
      return `database CPU not measured: the postmaster (PID ${postmaster}) is not in /proc here`;
    }
    const preload = (
      await client.query<{ shared_preload_libraries: string }>('SHOW shared_preload_libraries')
    ).rows[0]!.shared_preload_libraries;
    if (!/\bpg_stat_statements\b/.test(preload)) {
      statementsNote = `pg_stat_statements not used: it needs shared_preload_libraries, which is '${preload}' on this cluster (the shared cluster was not restarted to add it)`;
    } else {
      try {
        await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
        await client.query('SELECT 1 FROM pg_stat_statements LIMIT 1');
        statements = true;
        statementsNote = 'pg_stat_statements: total_exec_time of the database per request';
      } catch (err) {
        statementsNote = `pg_stat_statements not used: ${(err as Error).message.split('\n')[0]}`;
      }
    }
  } catch (err) {
    await client.end().catch(() => {});
    return `database CPU not measured: ${(err as Error).message.split('\n')[0]}`;
  }

  /** Every child of the postmaster now, by PID, with whether it works for the database. */
  const snapshot = () => {
    const all = new Map<number, Proc & { cmd: string }>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      const pid = Number(name);
      const p = readProc(pid);
      if (p && p.ppid === postmaster) all.set(pid, { ...p, cmd: cmdline(pid) });
    }
    const ours = new Set<number>();
    const re = new RegExp(`(^|\\s)${dbName.replace(/[^\w]/g, '\\$&')}(\\s|$)`);
    for (const [pid, p] of all) if (re.test(p.cmd)) ours.add(pid);
    for (const [pid, p] of all) {
      const leader = /parallel worker for PID (\d+)/.exec(p.cmd);
      if (leader && ours.has(Number(leader[1]))) ours.add(pid);
    }
    const isBackend = (cmd: string) =>
      /\d+\.\d+\.\d+\.\d+\(\d+\)|\[local\]|parallel worker|autovacuum worker|walsender/.test(cmd);
    return { all, ours, isBackend };
  };

  const statementsTotal = async (): Promise<number | null> => {
    if (!statements) return null;
    const r = await client.query<{ t: string | null }>(
      `SELECT sum(total_exec_time) AS t FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return Number(r.rows[0]?.t ?? 0);
  };

  return {
    statementsNote,
    start() {
      // Per process (PID + start time): CPU at the first sample (0 if born after the start) and
      // at the last one.
      const seen = new Map<
        string,
        { first: number; last: number; ours: boolean; bg: boolean; alive: boolean }
      >();
      const pm0 = readProc(postmaster);
      const sample = (initial: boolean) => {
        const { all, ours, isBackend } = snapshot();
        const now = new Set<string>();
        for (const [pid, p] of all) {
          const key = `${pid}:${p.start}`;
          now.add(key);
          const s = seen.get(key);
          if (s) {
            s.last = p.cpuMs;
            s.ours ||= ours.has(pid);
          } else {
            seen.set(key, {
              first: initial ? p.cpuMs : 0,
              last: p.cpuMs,
              ours: ours.has(pid),
              bg: !isBackend(p.cmd),
              alive: true,
            });
          }
        }
        for (const [key, s] of seen) if (!now.has(key)) s.alive = false;
      };
      sample(true);
      const st0 = statementsTotal();
      const timer = setInterval(() => sample(false), 100);
      return async () => {
        clearInterval(timer);
        sample(false);
        let dbMs = 0;
        let backgroundMs = 0;
        for (const s of seen.values()) {
          if (s.ours) dbMs += s.last - s.first;
          else if (s.bg) backgroundMs += s.last - s.first;
        }
        // The postmaster itself (its own time only: its children's reaped time is counted above).
        const pm1 = readProc(postmaster);
        if (pm0 && pm1) backgroundMs += pm1.selfMs - pm0.selfMs;
        // Reaped during the load: the whole CPU of every child that exited. What the samples saw
        // of the exited ones (from birth, as `last` is the process's total) is taken off.
        let exitedSeen = 0;
        for (const s of seen.values()) if (!s.alive) exitedSeen += s.last;
        const exitedUnseenMs =
          pm0 && pm1 ? Math.max(0, pm1.reapedMs - pm0.reapedMs - exitedSeen) : 0;
        const [a, b] = await Promise.all([st0, statementsTotal()]);
        return {
          dbMs,
          backgroundMs,
          exitedUnseenMs,
          statementsMs: a === null || b === null ? null : b - a,
        };
      };
    },
    close: () => client.end(),
  };
}
