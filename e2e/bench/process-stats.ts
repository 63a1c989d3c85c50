import { readFileSync } from 'node:fs';

/** What the benches read of a process and of the machine, from /proc (Linux). */

/** Resident memory of a process, in MB (VmRSS). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Clock ticks per second of /proc/<pid>/stat (USER_HZ: 100 on Linux). */
const CLOCK_TICKS = 100;

/** CPU time (µs) a process has used so far (user + system). */
export function cpuMicros(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1] ?? '').split(' ');
  const ticks = Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  return (ticks * 1_000_000) / CLOCK_TICKS;
}

/** The machine's CPU ticks so far, all and stolen by the hypervisor (/proc/stat). */
export function machineTicks(): { total: number; steal: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '')
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { total: fields.reduce((sum, value) => sum + value, 0), steal: fields[7] ?? 0 };
}

/** Samples a process's RSS every 100 ms, keeping the peak, until stopped. */
export function rssSampler(pid: number): { peak: () => number; stop: () => number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process has ended
    }
  }, 100);
  return {
    peak: () => peak,
    stop: () => {
      clearInterval(timer);
      return peak;
    },
  };
}
