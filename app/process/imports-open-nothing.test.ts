import { existsSync, readdirSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

// Importing a module opens no database and starts no timer: only wire(env), called by server/index.ts, makes them.

const modules = [
  ...readdirSync("app/routes")
    .filter((name) => /\.tsx?$/.test(name) && !/\.(test|css)\.tsx?$/.test(name))
    .map((name) => `app/routes/${name}`),
  ...readdirSync("app/process")
    .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
    .map((name) => `app/process/${name}`),
  "app/root.tsx",
  "app/entry.server.tsx",
];

let dir: string;
let database: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "open-nothing-"));
  // Opening this database would create its folder first (store/sqlite.server.ts).
  database = path.join(dir, "never", "site.db");
  vi.stubEnv("DATABASE_URL", `file:${database}`);
  vi.stubEnv("SESSION_SECRET", "unit-test-session-secret-0123456789abcdef");
  vi.resetModules();
  vi.useFakeTimers();
}, 60_000);
afterAll(async () => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await rm(dir, { recursive: true, force: true });
});

describe("importing the app", () => {
  it("opens no database and starts no timer, for every route, the root, the entry and the process's modules", async () => {
    expect(modules.length).toBeGreaterThan(40);
    for (const file of modules) await import(/* @vite-ignore */ path.resolve(file));
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3_600_000);
    expect(existsSync(path.dirname(database))).toBe(false);
  }, 120_000);

  it("nor does making the wiring; opening it, as the server does at start, creates the database", async () => {
    const { wire } = await import("./wire.server");
    const { parseEnv } = await import("~/utils/env-schema.server");
    const wiring = wire(parseEnv(process.env));
    expect(vi.getTimerCount()).toBe(0);
    expect(existsSync(path.dirname(database))).toBe(false);
    vi.useRealTimers();
    expect(await wiring.server.queue.open()).toBeUndefined();
    expect(existsSync(database)).toBe(true);
    await wiring.server.queue.close();
  }, 60_000);
});
