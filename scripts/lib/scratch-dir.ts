// A folder of this process's in the system's temporary folder, removed when the process exits.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const made: string[] = [];
process.once("exit", () => {
  for (const dir of made)
    try {
      rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
    } catch (error) {
      console.warn(`left ${dir}: ${(error as Error).message}`);
    }
});

export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), `${prefix}-`));
  made.push(dir);
  return dir;
}
