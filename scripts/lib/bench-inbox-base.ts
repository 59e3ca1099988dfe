// `npm run bench:inbox -- --base=REF`: the same bench run first in REF's files, then printed beside this checkout's.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { extractRef } from "./build-ref";

type Figure = { store: string; size: number; case: string; medianMs: number };

export function baseFigures(args: string[]): { label: string; figures: Figure[] } | undefined {
  const ref = /^--base=(.+)$/.exec(args.find((a) => a.startsWith("--base=")) ?? "")?.[1];
  if (!ref) return undefined;
  const { dir, label, remove } = extractRef(ref);
  try {
    console.log(`bench:inbox: ${ref} (${label}) first, in ${dir}`);
    const run = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/bench-inbox.ts"], {
      cwd: dir,
      stdio: "inherit",
    });
    const report = path.join(dir, "reports/bench-inbox.json");
    if (run.error) throw run.error;
    return { label, figures: (JSON.parse(readFileSync(report, "utf8")) as { figures: Figure[] }).figures };
  } finally {
    remove();
  }
}

export function printBeside(base: { label: string; figures: Figure[] }, ours: Figure[]) {
  console.log(`\nmedian: this checkout vs ${base.label} (ratio)`);
  for (const f of ours) {
    const b = base.figures.find((x) => x.case === f.case && x.size === f.size && x.store === f.store);
    const was = b ? `${b.medianMs.toFixed(1)} ms (${(f.medianMs / Math.max(0.001, b.medianMs)).toFixed(2)}×)` : "—";
    console.log(`${`${f.store} ${f.size} ${f.case}`.padEnd(48)} ${f.medianMs.toFixed(1).padStart(7)} ms  vs ${was}`);
  }
}
