import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { scaled } from "../time-scale";

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

test("the production server bundles contain no test code", () => {
  const production = [...filesUnder("build/server"), "build/start.js"];
  expect(production.length).toBeGreaterThan(1);
  for (const file of production) {
    const text = readFileSync(file, "utf8");
    expect(text, file).not.toMatch(/\bmsw\b|setupServer|emailJsHandlers|\[mock:/);
  }
  expect(readFileSync("build/mocks/index.js", "utf8")).toMatch(/SetupServerApi/);
});

test("one copy of the app and of each package in the server process: the Remix build is in the server's bundle once", () => {
  const server = readFileSync("build/start.js", "utf8");
  const count = (pattern: RegExp) => server.match(pattern)?.length ?? 0;
  expect(count(/function createSqlStore\(/g)).toBe(1);
  expect(count(/function startDelivery\(/g)).toBe(1);
  expect(count(/function wire\(/g)).toBe(1);
  expect(count(/gatePassed\(\) \?\?/g)).toBe(1); // the app's parsed configuration: one instance
  // A package the server's own code and the Remix build both import, bundled once.
  for (const module of [
    "zod/v4/core/schemas.js",
    "express/lib/express.js",
    "react-dom/cjs/react-dom-server.node.production.min.js",
  ])
    expect(count(new RegExp(`^// node_modules/${module.replaceAll(".", "\\.")}$`, "gm")), module).toBe(1);
});

test("each process's bundle is ASCII: V8 would hold and scan a source with one other character at two bytes each", () => {
  for (const file of [
    "build/start.js",
    "build/outbox.js",
    "build/staff.js",
    "build/media-worker.js",
    "build/mocks/index.js",
  ]) {
    const text = readFileSync(file, "latin1");
    const at = text.search(/[\u0080-\u00ff]/);
    expect(at < 0 ? "" : text.slice(Math.max(0, at - 60), at + 20), `${file}: the first byte over 127`).toBe("");
  }
});

test("a bad value among several: every bad variable named in the one message", () => {
  const result = spawnSync(process.execPath, ["build/start.js"], {
    env: { ...process.env, NODE_ENV: "production", SHUTDOWN_GRACE_MS: "abc", PORT: "99999999", HONEYPOT: "maybe" },
    encoding: "utf8",
    timeout: scaled(10_000),
  });
  expect(result.status).toBe(1);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(/SHUTDOWN_GRACE_MS \(a whole number from 0 to 120000\)/);
  expect(result.stderr).toMatch(/PORT \(a whole number from 1 to 65535\)/);
  expect(result.stderr).toMatch(/HONEYPOT/);
  expect(result.stderr).not.toMatch(/^\s+at /m);
});

for (const [name, value] of [
  ["SHUTDOWN_GRACE_MS", "abc"],
  ["PORT", "not-a-port"],
  ["ROBOTS_NOINDEX", "perhaps"],
  ["EMAILJS_SERVICE_ID", "only-one-of-three"],
] as const) {
  test(`${name}=${value} stops start-up with a message naming it`, () => {
    const result = spawnSync(process.execPath, ["build/start.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: "3139",
        HOST: "127.0.0.1",
        EMAILJS_SERVICE_ID: "",
        EMAILJS_TEMPLATE_ID: "",
        EMAILJS_PUBLIC_KEY: "",
        [name]: value,
      },
      encoding: "utf8",
      timeout: scaled(10_000),
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid environment configuration");
    expect(result.stderr.trim().split("\n")).toHaveLength(1);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stderr).toMatch(name.startsWith("EMAILJS") ? /EMAILJS_TEMPLATE_ID/ : new RegExp(name));
  });
}
