import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export interface DirLock {
  release(): void;
}

export class DataDirLockedError extends Error {}

/**
 * When the process started (clock ticks since boot, /proc/<pid>/stat field 22), or null where
 * /proc is not there. A pid is reused after a crash; a pid and its start time are not.
 */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may hold spaces: count after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

interface LockOwner {
  pid: number;
  started: string | null;
}

function parseOwner(text: string): LockOwner | null {
  const trimmed = text.trim();
  try {
    const parsed = JSON.parse(trimmed) as Partial<LockOwner>;
    if (typeof parsed === 'number') return { pid: parsed, started: null };
    if (Number.isInteger(parsed.pid)) return { pid: parsed.pid!, started: parsed.started ?? null };
  } catch {
    // not JSON: an older lock holding only the pid
  }
  const pid = Number(trimmed);
  return Number.isInteger(pid) && pid > 0 ? { pid, started: null } : null;
}

/** The lock's owner is still running: the same pid, and (where known) the same start time. */
function ownerRunning(owner: LockOwner): boolean {
  if (owner.pid === process.pid || !alive(owner.pid)) return false;
  if (owner.started === null) return true;
  const now = processStart(owner.pid);
  return now === null || now === owner.started;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Two processes on one PGlite directory silently lose writes, so the second one must refuse.
 * The lock file holds the owner's pid and start time; a lock left by a dead process, or naming a
 * pid that now belongs to another process (reused after a crash), is taken over.
 */
export function acquireDirLock(dir: string): DirLock {
  const file = path.join(dir, '.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, JSON.stringify({ pid: process.pid, started: processStart(process.pid) }));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = parseOwner(readFileSync(file, 'utf8'));
      if (owner && ownerRunning(owner)) {
        throw new DataDirLockedError(
          `The data directory ${dir} is in use by another process (pid ${owner.pid}). ` +
            'Stop it first, or set DATA_DIR to another directory, or use DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(`Could not lock the data directory ${dir}.`);
}
