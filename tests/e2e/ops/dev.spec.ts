import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { readRecordedSends } from "../../../mocks/recorded-sends";
import { scratchDir } from "../../../scripts/lib/scratch-dir";
import { E2E_EMAILJS } from "../e2e-env";
import { scaled } from "../time-scale";
import { enquiryBody } from "./server";

// `npm run dev` is the production server with Vite in middleware mode: the same gate, load
// context, health and delivery worker; no page cache, and the CSP only reported.
test("npm run dev serves pages, health and the form through the production pipeline, and delivers", async () => {
  test.setTimeout(scaled(90_000));
  const dir = scratchDir("dev");
  const record = path.join(dir, "sent.jsonl");
  const port = 3161;
  let output = "";
  const child = spawn(process.execPath, ["node_modules/.bin/tsx", "server/index.ts"], {
    env: {
      ...process.env,
      ...E2E_EMAILJS,
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      MOCKS: "true",
      MOCKS_RECORD_FILE: record,
      DATABASE_URL: `file:${path.join(dir, "site.db")}`,
      RATE_LIMIT_MAX: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  try {
    await expect
      .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: scaled(60_000) })
      .toBe(200);
    const page = await fetch(`${base}/hr/contact`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<html lang="hr"');
    expect(page.headers.get("content-security-policy-report-only")).toMatch(/script-src 'self' 'nonce-/);
    expect(page.headers.get("x-request-id")).toBeTruthy();
    expect(await (await fetch(`${base}/healthz`)).json()).toMatchObject({
      transport: "emailjs",
      pageCache: { entries: 0 },
    });
    const post = () =>
      fetch(`${base}/contact`, { method: "POST", body: enquiryBody("Made in dev"), redirect: "manual" });
    expect((await post()).status).toBe(302);
    expect((await post()).status).toBe(429);
    await expect
      .poll(() => readRecordedSends(record).map((s) => s.fields.message), { timeout: scaled(10_000) })
      .toEqual(["Made in dev"]);
    expect(output).toContain('"mode":"development"');
  } finally {
    child.kill("SIGTERM");
  }
});
