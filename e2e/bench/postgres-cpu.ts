import { readdirSync, readFileSync } from 'node:fs';
import { adminQuery } from './postgres-server';

/**
 * CPU figures of `npm run bench -- postgres`, from /proc (Linux): the PostgreSQL cluster's (the
 * postmaster and all its processes) and the whole machine's, so that a run on a shared machine can
 * say how much of the cores other work took.
 */

/** The fields of /proc/<pid>/stat after the command name: [0] state, [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * The postmaster's pid, when the server runs on this machine (the parent of this connection's
 * backend, named postgres); null when it does not (a remote SLAB_BENCH_PG_URL) or cannot be read.
 */
export async function postmasterPid(url: string): Promise<number | null> {
  const [row] = await adminQuery<{ pid: number }>(url, 'SELECT pg_backend_pid() AS pid');
  const backend = statFields(Number(row?.pid));
  if (backend === null) return null;
  const parent = Number(backend[1]);
  try {
    return readFileSync(`/proc/${parent}/comm`, 'utf8').trim().startsWith('postgres') ? parent : null;
  } catch {
    return null;
  }
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/**
 * CPU time (µs) the cluster has used so far: the postmaster's own and that of its children it has
 * reaped (backends that ended), plus every live child's (backends, checkpointer, WAL writer,
 * autovacuum...). A difference of two readings is the cluster's CPU in between.
 */
export function clusterCpuMicros(postmaster: number): number {
  const own = statFields(postmaster);
  if (own === null) return Number.NaN;
  let ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(own[i] ?? 0), 0);
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields !== null && Number(fields[1]) === postmaster) {
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    }
  }
  return (ticks * 1_000_000) / CLOCK_TICKS;
}

/** The machine's CPU ticks so far (/proc/stat): all, and busy (neither idle nor waiting for I/O). */
export function machineCpuTicks(): { total: number; busy: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const total = fields.reduce((sum, value) => sum + value, 0);
  return { total, busy: total - (fields[3] ?? 0) - (fields[4] ?? 0) };
}
