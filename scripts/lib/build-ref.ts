// Builds another git ref in a temporary folder (git archive: no worktree registered) for a before/after in one run,
// with this checkout's node_modules and generated images (the pipeline re-encodes only what differs).
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

export type RefBuild = { dir: string; label: string; remove: () => void };

const GENERATED = [
  "public/images",
  "public/og",
  "public/icons",
  "public/favicon.svg",
  "app/content/gallery-manifest.json",
];

export function extractRef(ref: string): RefBuild {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  const commit = git("rev-parse", "--verify", "--short", `${ref}^{commit}`);
  const dir = mkdtempSync(path.join(tmpdir(), `build-${commit}-`));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = spawnSync("git", ["archive", "--format=tar", commit], { maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive ${commit}: ${archive.stderr}`);
    execFileSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    symlinkSync(path.resolve("node_modules"), path.join(dir, "node_modules"));
    for (const generated of GENERATED)
      if (existsSync(generated)) cpSync(generated, path.join(dir, generated), { recursive: true });
    const lock = (folder: string) => readFileSync(path.join(folder, "package-lock.json"), "utf8");
    if (lock(dir) !== lock("."))
      console.log(`build-ref: ${ref} (${commit}) has another package-lock.json; run with this checkout's modules`);
    return { dir, label: commit, remove };
  } catch (error) {
    remove();
    throw error;
  }
}

export function buildRef(ref: string, env: Record<string, string> = {}): RefBuild {
  const extracted = extractRef(ref);
  const { dir, label, remove } = extracted;
  console.log(`build-ref: building ${ref} (${label}) in ${dir}`);
  const build = spawnSync("npm", ["run", "build", "--silent"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  if (build.status === 0) return extracted;
  remove();
  throw new Error(`npm run build of ${ref} (${label}) failed:\n${(build.stdout + build.stderr).slice(-3000)}`);
}
