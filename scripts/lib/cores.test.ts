import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { cpuQuota, workersFor } from "./cores";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

function machine(cgroup: string, files: Record<string, string>) {
  root = mkdtempSync(path.join(tmpdir(), "cores-"));
  mkdirSync(path.join(root, "proc/self"), { recursive: true });
  writeFileSync(path.join(root, "proc/self/cgroup"), cgroup);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.join(root, "sys/fs/cgroup", path.dirname(file)), { recursive: true });
    writeFileSync(path.join(root, "sys/fs/cgroup", file), text);
  }
  return root;
}

describe("cpuQuota", () => {
  it("reads cgroup v2's cpu.max, and the tightest quota of the cgroups above", () => {
    const at = machine("0::/ci/job\n", { "ci/job/cpu.max": "max 100000\n", "ci/cpu.max": "150000 100000\n" });
    expect(cpuQuota(at)).toBe(1.5);
  });

  it("reads cgroup v1's two files under the cpu controller's mount, -1 being no quota", () => {
    const v1 = "4:memory:/x\n2:cpuacct:/m-a\n1:cpu:/m-a\n";
    expect(
      cpuQuota(
        machine(v1, {
          "cpu/cpu.cfs_period_us": "100000",
          "cpu/cpu.cfs_quota_us": "-1",
          "cpu/m-a/cpu.cfs_period_us": "100000",
          "cpu/m-a/cpu.cfs_quota_us": "76923",
        }),
      ),
    ).toBeCloseTo(0.769, 3);
    expect(cpuQuota(machine(v1, { "cpu/cpu.cfs_period_us": "100000", "cpu/cpu.cfs_quota_us": "-1" }))).toBe(Infinity);
  });

  it("is Infinity where nothing can be read: no cgroup file, no mount, a malformed line", () => {
    expect(cpuQuota(machine("garbage\n\n", {}))).toBe(Infinity);
    rmSync(root, { recursive: true });
    expect(cpuQuota(root)).toBe(Infinity);
  });
});

describe("workersFor", () => {
  it("keeps decision 0062's three workers, two on ops tests, on two cores or fewer, and adds one a core beyond", () => {
    expect(workersFor(0.77)).toEqual({ all: 3, ops: 2 });
    expect(workersFor(2)).toEqual({ all: 3, ops: 2 });
    expect(workersFor(4)).toEqual({ all: 5, ops: 4 });
    expect(workersFor(8.5)).toEqual({ all: 9, ops: 8 });
  });
});
