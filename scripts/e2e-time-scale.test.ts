// Decision 0025: on a slower machine the browser tests failed on their waits; those about the machine's speed now grow with
// a factor measured once a run.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the end-to-end suite's time scale", () => {
  it("is measured as a factor of at least 1, at most 8", async () => {
    const { measureTimeScale } = await import("../tests/e2e/time-scale");
    const scale = measureTimeScale(1);
    expect(scale).toBeGreaterThanOrEqual(1);
    expect(scale).toBeLessThanOrEqual(8);
  }, 60_000); // on a busy machine the measurement itself takes a few seconds

  it("stretches the test limit, the assertions' retries and the servers' start in playwright.config.ts", async () => {
    vi.stubEnv("E2E_TIME_SCALE", "3");
    const config = (await import("../playwright.config")).default;
    expect(config.timeout).toBe(90_000);
    expect(config.expect?.timeout).toBe(15_000);
    const servers = [config.webServer].flat();
    expect(servers.length).toBeGreaterThan(0);
    for (const server of servers) expect(server?.timeout).toBe(90_000);
  }, 60_000);

  it("is measured only when Playwright loads its config, not when knip reads it beside the other checks", async () => {
    vi.stubEnv("E2E_TIME_SCALE", undefined);
    const config = (await import("../playwright.config")).default;
    expect(process.env.E2E_TIME_SCALE).toBeUndefined();
    expect(config.timeout).toBe(30_000);
  });

  it("scales a spec's own waits about the machine, and only those", async () => {
    vi.stubEnv("E2E_TIME_SCALE", "2.5");
    const { scaled } = await import("../tests/e2e/time-scale");
    expect(scaled(2_000)).toBe(5_000);
    vi.stubEnv("E2E_TIME_SCALE", "");
    vi.resetModules();
    expect((await import("../tests/e2e/time-scale")).scaled(2_000)).toBe(2_000);
  });

  it("leaves no wait in a spec at a bare number of milliseconds", () => {
    const specs = readdirSync("tests/e2e", { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".ts"));
    const bare = specs.flatMap((file) =>
      readFileSync(path.join("tests/e2e", file), "utf8")
        .split("\n")
        .filter((line) => /\btimeout: \d/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    // The one left is data, not a wait: the WebAuthn options the server sends carry their own timeout.
    expect(bare).toEqual(["ops/staff-review.spec.ts: timeout: 300_000,"]);
  });
});
