import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * CPU time (user + system, in ms) a process has used, from /proc (Linux; 0 elsewhere). A figure the
 * rest of a shared machine does not change: what one unit of work costs, not how fast it went.
 */
export function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** CPU time of every PostgreSQL process of the cluster in `dataDirectory` (its backends and helpers). */
export function clusterCpuMs(dataDirectory: string): number {
  let total = 0;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      if (readlinkSync(`/proc/${pid}/cwd`) !== dataDirectory) continue;
      total += processCpuMs(Number(pid));
    } catch {
      // A process that ended meanwhile.
    }
  }
  return total;
}
