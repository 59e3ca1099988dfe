import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// The README's table of scripts is the contract a newcomer reads first: every npm script it
// names exists, and every script is in it (build:server is build's own step; format:check is
// described on format's row).
const scripts = Object.keys(
  (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts,
);
const documented = [...readFileSync("README.md", "utf8").matchAll(/^\| `npm (?:run )?([a-z0-9:]+)/gm)].map(
  (m) => m[1]!,
);

describe("the README's scripts", () => {
  it("names only scripts that exist, and every script but build's and format's own steps", () => {
    expect([...new Set(documented)].sort()).toEqual(
      scripts.filter((s) => !["build:server", "format:check"].includes(s)).sort(),
    );
  });

  it("each script that needs the production build says so in one line when there is none", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    for (const name of ["start", "outbox", "test:e2e", "test:smoke", "budget", "lighthouse", "bench", "bench:queue"])
      expect(pkg.scripts[name], name).toMatch(/^node scripts\/needs-build\.mjs /);
  });
});
