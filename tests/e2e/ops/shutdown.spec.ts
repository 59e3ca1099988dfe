import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_EMAILJS } from "../e2e-env";

// Each test runs its own server process (on its own port, as tests run in parallel), so it
// can be stopped: "ops" project only.
async function start(port: number): Promise<{ child: ChildProcess; record: string; logs: () => string; base: string }> {
  const base = `http://127.0.0.1:${port}`;
  const dir = mkdtempSync(path.join(tmpdir(), "shutdown-"));
  const record = path.join(dir, "sent.jsonl");
  let output = "";
  const child = spawn(process.execPath, ["build/start.js"], {
    env: {
      ...process.env,
      ...E2E_EMAILJS,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      MOCKS: "true",
      MOCKS_RECORD_FILE: record,
      OUTBOX_DIR: path.join(dir, "outbox"),
      SHUTDOWN_GRACE_MS: "5000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  await expect
    .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: 10_000 })
    .toBe(200);
  return { child, record, logs: () => output, base };
}

test("SIGTERM lets an enquiry being relayed finish, refuses new connections, and exits", async () => {
  const { child, record, logs, base: BASE } = await start(3131);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const body = new URLSearchParams({
    name: "Ana",
    email: "ana@example.com",
    number: "+385 91 234 5678",
    category: "other",
    message: "Sent while the server stops [mock:slow]",
    website: "",
  });
  const inFlight = fetch(`${BASE}/contact`, { method: "POST", body, redirect: "manual" });
  await new Promise((r) => setTimeout(r, 300)); // the stand-in answers after 800 ms
  const stoppedAt = Date.now();
  child.kill("SIGTERM");

  const response = await inFlight;
  expect(response.status).toBe(302);
  expect(readFileSync(record, "utf8")).toContain("Sent while the server stops");
  expect(await exited).toBe(0);
  expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  await expect(fetch(`${BASE}/healthz`)).rejects.toThrow();
  expect(logs()).toContain('"event":"server.stopping"');
});

test("every request and relay outcome is one JSON log line with a request id and no personal data", async () => {
  const { child, logs, base: BASE } = await start(3132);
  try {
    const message = "Private: villa for ten in Hvar";
    const res = await fetch(`${BASE}/contact`, {
      method: "POST",
      body: new URLSearchParams({
        name: "Petra Private",
        email: "petra@example.com",
        number: "+385 91 000 1111",
        category: "other",
        message,
        website: "",
      }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const requestId = res.headers.get("x-request-id")!;
    await expect.poll(() => logs().includes(`"event":"http.request","requestId":"${requestId}"`)).toBe(true);
    const lines = logs()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.requestId === requestId).map((l) => l.event);
    expect(mine).toEqual(["enquiry.relayed", "http.request"]);
    for (const personal of ["Petra", "petra@example.com", "villa for ten", "000 1111"])
      expect(logs()).not.toContain(personal);
  } finally {
    child.kill("SIGTERM");
  }
});
