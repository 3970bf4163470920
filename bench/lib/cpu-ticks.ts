import { readdirSync, readFileSync } from 'node:fs';

/** CPU time (user + system, in clock ticks of 10 ms) per role, read from /proc: Linux only. */
export type CpuTicks = Map<'server' | 'postgres' | 'load', number>;

/** `BENCH_CPU_PART=user` or `system` counts only that part (the kernel's share: loopback TCP, epoll). */
const PART = process.env.BENCH_CPU_PART;

/**
 * A process's CPU; with `reaped`, also its children's that have exited (the postmaster collects its
 * backends' time when they end: a backend that closes during a run keeps counting).
 */
const ticksOf = (pid: string, reaped = false) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const [user, system] = [Number(fields[11]), Number(fields[12])];
  const [childUser, childSystem] = reaped ? [Number(fields[13]), Number(fields[14])] : [0, 0];
  return PART === 'user'
    ? user + childUser
    : PART === 'system'
      ? system + childSystem
      : user + system + childUser + childSystem;
};

/** PostgreSQL's processes: backends and workers name themselves `postgres: …`; the postmaster runs as its binary. */
const postgresRole = (pid: string) => {
  const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  if (cmdline.startsWith('postgres')) return 'child';
  return /^[^\0]*\/postgres\0/.test(cmdline) ? 'postmaster' : undefined;
};

/**
 * The server under test (`serverPid`), every PostgreSQL process on this machine (its backends do the
 * statements; the server's own connections are the only busy ones during a run; the postmaster with
 * the backends that ended, which a long run's pool closes and opens) and this process
 * (autocannon), or `loadPid` when the load runs in a child of its own. Undefined where /proc is missing.
 */
export const cpuTicks = (serverPid: number | undefined, loadPid = process.pid): CpuTicks | undefined => {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return undefined;
  }
  const out: CpuTicks = new Map([
    ['server', 0],
    ['postgres', 0],
    ['load', 0],
  ]);
  for (const pid of pids) {
    try {
      if (pid === String(serverPid)) out.set('server', ticksOf(pid));
      else if (pid === String(loadPid)) out.set('load', ticksOf(pid));
      else {
        const role = postgresRole(pid);
        if (role) out.set('postgres', out.get('postgres')! + ticksOf(pid, role === 'postmaster'));
      }
    } catch {
      // The process ended meanwhile.
    }
  }
  return out;
};

/** Microseconds of CPU per request for each role between two readings. */
export const cpuPerRequest = (before: CpuTicks | undefined, after: CpuTicks | undefined, requests: number) =>
  before && after && requests > 0
    ? Object.fromEntries(
        [...after].map(([role, t]) => [role, Math.round(((t - before.get(role)!) * 10_000) / requests)]),
      )
    : undefined;
