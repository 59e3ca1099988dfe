// How many cores the tests may keep busy: the CPUs this process may run on, capped by a cgroup's CPU quota
// (a container's `--cpus`), which the CPU count alone does not show.
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

const read = (file: string) => {
  try {
    return readFileSync(file, "utf8").trim();
  } catch {
    return undefined;
  }
};

function quotaUpFrom(dir: string, top: string, quotaOf: (dir: string) => number | undefined): number {
  let least = Infinity;
  for (let at = dir; at.startsWith(top); at = path.dirname(at)) {
    least = Math.min(least, quotaOf(at) ?? Infinity);
    if (at === top) break;
  }
  return least;
}

const perPeriod = (quota: number, period: number) => (quota > 0 && period > 0 ? quota / period : undefined);

/** cgroup v2 writes "max 100000" or "50000 100000" in cpu.max; v1 the two numbers in two files (-1: none). */
const v2Quota = (dir: string) => {
  const [quota, period] = read(path.join(dir, "cpu.max"))?.split(" ") ?? [];
  return quota === undefined || quota === "max" ? undefined : perPeriod(Number(quota), Number(period));
};
const v1Quota = (dir: string) =>
  perPeriod(Number(read(path.join(dir, "cpu.cfs_quota_us"))), Number(read(path.join(dir, "cpu.cfs_period_us"))));

export function cpuQuota(root = "/"): number {
  const cgroups = read(path.join(root, "proc/self/cgroup"))?.split("\n") ?? [];
  const fs = path.join(root, "sys/fs/cgroup");
  let least = Infinity;
  for (const line of cgroups) {
    const [, controllers = "", at = "/"] = line.split(/:(.*?):/);
    if (controllers === "") least = Math.min(least, quotaUpFrom(path.join(fs, at), fs, v2Quota));
    else if (controllers.split(",").includes("cpu")) {
      const mount = [path.join(fs, controllers), path.join(fs, "cpu")].find((m) =>
        read(path.join(m, "cpu.cfs_period_us")),
      );
      if (mount) least = Math.min(least, quotaUpFrom(path.join(mount, at), mount, v1Quota));
    }
  }
  return least;
}

const usableCores = () => Math.min(availableParallelism(), cpuQuota());

/** Three up to two cores (decision 0062: fastest there and under a 0.77-core quota); beyond, a core and one more. */
export function workersFor(cores = usableCores()): { all: number; ops: number } {
  if (cores <= 2) return { all: 3, ops: 2 };
  const all = Math.floor(cores) + 1;
  return { all, ops: all - 1 };
}
