// Independent commands at the same time, each one's output printed whole once all have ended, in the order given.
import { spawn } from "node:child_process";

/** `background`: at the lowest priority (nice 19), so that what times itself beside it gets the cores first. */
export type Command = {
  label: string;
  command: string;
  args: string[];
  env?: Record<string, string>;
  background?: boolean;
};
export type Outcome = { label: string; ok: boolean; output: string; seconds: number };

export function runQuietly({ label, command, args, env, background }: Command): Promise<Outcome> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 100) / 10;
  return new Promise((resolve) => {
    const [file, argv] = background ? ["nice", ["-n", "19", command, ...args]] : [command, args];
    const child = spawn(file, argv, { env: { ...process.env, ...env } });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("close", (code) => resolve({ label, ok: code === 0, output, seconds: seconds() }));
    child.on("error", (error) => resolve({ label, ok: false, output: String(error), seconds: seconds() }));
  });
}

export function printOutcomes(outcomes: Outcome[]): Outcome[] {
  for (const { label, ok, output, seconds } of outcomes)
    console.log(`\n=== ${label}: ${ok ? "ok" : "FAILED"} (${seconds}s, side by side)\n${output.trimEnd()}`);
  return outcomes;
}

export const sideBySide = async (commands: Command[]): Promise<Outcome[]> =>
  printOutcomes(await Promise.all(commands.map(runQuietly)));

/** `npm run validate`'s and `npm test`'s: each reads the tree and measures nothing. Their caches (node_modules/.cache)
 * spare a second run the files that did not change; a fresh clone starts without. */
export const STATIC_CHECKS: Command[] = [
  {
    label: "typecheck",
    background: true,
    command: "node_modules/typescript-7/bin/tsc",
    args: ["--singleThreaded", "--incremental", "--tsBuildInfoFile", "node_modules/.cache/tsc/tsbuildinfo-7"],
  },
  {
    label: "lint (eslint)",
    background: true,
    command: "node_modules/.bin/eslint",
    args: [
      "--max-warnings=0",
      "--cache",
      "--cache-strategy=content",
      "--cache-location=node_modules/.cache/eslint/",
      ".",
    ],
  },
  {
    label: "format (prettier)",
    background: true,
    command: "node_modules/.bin/prettier",
    args: ["--check", ".", "--log-level=warn", "--cache", "--cache-strategy=content"],
  },
  {
    label: "layers (import direction)",
    background: true,
    command: "node_modules/.bin/tsx",
    args: ["scripts/check-layers.ts"],
  },
  {
    label: "unused files and exports (knip)",
    background: true,
    command: "node_modules/.bin/knip",
    args: ["--no-progress", "--cache"],
  },
];
