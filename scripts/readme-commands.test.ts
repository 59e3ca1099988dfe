// The README's table of scripts and docs/scripts.md each name every npm script, and only those (build:server is
// build's own step; format:check is described on format's row).
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
const scripts = Object.keys(pkg.scripts).filter((s) => !["build:server", "format:check"].includes(s));
const documentedIn = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/^\| `npm (?:run )?([a-z0-9:]+)/gm)].map((m) => m[1]!);

describe("the README's scripts", () => {
  it.each(["README.md", "docs/scripts.md"])("%s names every script once, and only scripts that exist", (file) => {
    const documented = documentedIn(file);
    expect(documented.sort()).toEqual([...scripts].sort());
  });

  it("each script that needs the production build says so in one line when there is none", () => {
    for (const name of ["start", "outbox", "test:e2e", "test:smoke", "budget", "lighthouse", "bench", "bench:queue"])
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/needs-build\.mjs /);
  });

  it("the README's set-up commands are scripts that exist", () => {
    const commands = [...readFileSync("README.md", "utf8").matchAll(/^npm ci && npm (?:run )?([a-z0-9:]+)/gm)];
    expect(commands.map((m) => m[1])).toEqual(["serve", "test"]);
    for (const [, name] of commands) expect(pkg.scripts[name!], name).toBeDefined();
  });
});
