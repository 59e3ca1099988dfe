// CPU time from /proc (Linux): it hardly moves when others compete for the cores, where throughput and latency do.
import { readdirSync, readFileSync } from "node:fs";

const statFields = (pid: number) => readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");

/** In clock ticks (100 a second); 0 once the process ended. */
export function cpuTicks(pid: number): number {
  try {
    const fields = statFields(pid);
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

export function withChildren(pid: number): number[] {
  const children = readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        return Number(statFields(Number(entry))[1]) === pid;
      } catch {
        return false; // ended meanwhile
      }
    })
    .map(Number);
  return [pid, ...children];
}
