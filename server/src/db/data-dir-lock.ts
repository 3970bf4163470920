import { closeSync, openSync, readFileSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {
  constructor(dir: string) {
    super(
      `The data directory ${dir} is already in use by another Healthfolio process. ` +
        'The embedded database allows one process per directory: stop the other process, ' +
        'or set DATA_DIR to another directory, or use PostgreSQL (DATABASE_URL).',
    );
  }
}

/** Who holds the lock: enough to tell, after a crash, whether that process still exists. */
interface Holder {
  pid: number;
  /** The process's start time in clock ticks since boot (Linux), so a reused PID is not mistaken for it. */
  startTicks: number | null;
  /** The kernel's boot id (Linux): a lock from before a reboot is always stale. */
  bootId: string | null;
}

const LOCK_FILE = 'healthfolio.lock';
/** A takeover in progress older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 5_000;

const readText = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

const bootId = () => readText('/proc/sys/kernel/random/boot_id')?.trim() || null;

/** Field 22 of /proc/<pid>/stat; the command name before it may hold spaces and parentheses. */
const startTicks = (pid: number) => {
  const stat = readText(`/proc/${pid}/stat`);
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields?.[19]);
  return Number.isFinite(ticks) ? ticks : null;
};

const self = (): Holder => ({ pid: process.pid, startTicks: startTicks(process.pid), bootId: bootId() });

const parseHolder = (text: string | null): Holder | null => {
  try {
    const h = JSON.parse(text ?? '') as Holder;
    return Number.isInteger(h.pid) && h.pid > 0 ? h : null;
  } catch {
    return null;
  }
};

const processExists = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as { code?: string }).code === 'EPERM';
  }
};

/** The holder is alive only if its PID exists in this boot and, where it can be read, started when it did. */
export const holderAlive = (h: Holder) => {
  const boot = bootId();
  if (h.bootId && boot && h.bootId !== boot) return false;
  if (!processExists(h.pid)) return false;
  if (h.startTicks === null) return true;
  const ticks = startTicks(h.pid);
  return ticks === null || ticks === h.startTicks;
};

/** Creates `path` with `text` only if it does not exist (O_EXCL): the one atomic step of the lock. */
const createExclusive = (path: string, text: string) => {
  try {
    const fd = openSync(path, 'wx', 0o600);
    try {
      writeSync(fd, text);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (err) {
    if ((err as { code?: string }).code === 'EEXIST') return false;
    throw err;
  }
};

const removeIfStale = (path: string, olderThanMs: number) => {
  try {
    if (Date.now() - statSync(path).mtimeMs > olderThanMs) unlinkSync(path);
  } catch {
    // Gone already.
  }
};

const sleepSync = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * The embedded database must have one process per data directory; a second opener fails at once. The
 * lock file names its holder (PID, start time, boot), so a lock left by a crashed process (SIGKILL, power
 * loss) is taken over at the next start instead of blocking a restart. Taking over a stale lock happens
 * under a second, short-lived exclusive file, so two processes starting together cannot both win.
 */
export const acquireDataDirLock = (dir: string): (() => void) => {
  const path = join(dir, LOCK_FILE);
  const takeover = `${path}.takeover`;
  const mine = JSON.stringify(self());
  for (let attempt = 0; attempt < 50; attempt++) {
    if (createExclusive(path, mine)) return releaser(path, mine);
    const text = readText(path);
    if (text === null) continue; // Released between our two steps: try again.
    const holder = parseHolder(text);
    if (holder && holderAlive(holder)) throw new DataDirLockedError(dir);
    if (!holder) {
      // Being written by a process that just created it, or left empty by one that died doing so.
      removeIfStale(path, TAKEOVER_STALE_MS);
      sleepSync(20);
      continue;
    }
    removeIfStale(takeover, TAKEOVER_STALE_MS);
    if (!createExclusive(takeover, mine)) {
      sleepSync(20);
      continue;
    }
    try {
      // Still the same stale holder (nobody took over between our read and our takeover lock)?
      if (readText(path) === text) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone.
        }
      }
    } finally {
      unlinkSync(takeover);
    }
  }
  throw new DataDirLockedError(dir);
};

const releaser = (path: string, mine: string) => {
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // Only our own lock: never remove one a later process took over.
    if (readText(path) === mine) unlinkSync(path);
  };
  process.on('exit', release);
  return release;
};
