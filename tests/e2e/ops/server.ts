import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { expect } from "@playwright/test";
import { readRecordedSends, type RecordedSend } from "../../../mocks/recorded-sends";
import { scratchDir } from "../../../scripts/lib/scratch-dir";
import { portIsFree } from "../../../scripts/lib/served-child";
import { SERVER_ARGS } from "../../../scripts/lib/server-command";
import { E2E_EMAILJS } from "../e2e-env";
import { listedIn } from "../enquiry-helpers";
import { scaled } from "../time-scale";

export type OpsServer = {
  base: string;
  child: ChildProcess;
  dir: string;
  database: string;
  outbox: string;
  record: string;
  outageFile: string;
  logs: () => string;
  exited: Promise<number | null>;
};

export function workspace(): { dir: string; database: string; outbox: string; record: string; outageFile: string } {
  const dir = scratchDir("ops");
  return {
    dir,
    database: path.join(dir, "site.db"),
    outbox: path.join(dir, "outbox"),
    record: path.join(dir, "sent.jsonl"),
    outageFile: path.join(dir, "outage"),
  };
}

export async function startServer(
  port: number,
  env: Record<string, string> = {},
  place: ReturnType<typeof workspace> = workspace(),
): Promise<OpsServer> {
  const base = `http://127.0.0.1:${port}`;
  await portIsFree(port);
  let output = "";
  const child = spawn(process.execPath, SERVER_ARGS, {
    env: {
      ...process.env,
      ...E2E_EMAILJS,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      MOCKS: "true",
      MOCKS_RECORD_FILE: place.record,
      MOCKS_OUTAGE_FILE: place.outageFile,
      DATABASE_URL: `file:${place.database}`,
      OUTBOX_DIR: place.outbox,
      RATE_LIMIT_MAX: "0",
      SHUTDOWN_GRACE_MS: "5000",
      // Scripted clients are fast and repeat themselves: these spam rules are off unless a spec switches them on.
      SPAM_MIN_SECONDS: "0",
      SPAM_REPEAT_COUNT: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  try {
    await expect
      .poll(async () => (await fetch(`${base}/healthz`).catch(() => null))?.status ?? 0, { timeout: scaled(30_000) })
      .toBe(200);
  } catch (error) {
    child.kill("SIGKILL");
    throw new Error(`the server on port ${port} did not answer /healthz; its output:\n${output.slice(-2000)}`, {
      cause: error,
    });
  }
  return { base, child, ...place, logs: () => output, exited };
}

export const enquiryBody = (message: string, name = "Ana", extra: Record<string, string> = {}) =>
  new URLSearchParams({
    name,
    email: "ana@example.com",
    number: "+385 91 234 5678",
    category: "other",
    message,
    website: "",
    ...extra,
  });

export async function postEnquiry(base: string, message: string, extra: Record<string, string> = {}): Promise<number> {
  const res = await fetch(`${base}/contact`, {
    method: "POST",
    body: enquiryBody(message, "Ana", extra),
    redirect: "manual",
  });
  return res.status;
}

export type Sent = RecordedSend;

export const sentTo = (record: string): Sent[] => readRecordedSends(record);

export function deliveredCounts(record: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sentTo(record))
    if (s.answered === "200" && !s.channel) counts.set(s.fields.message!, (counts.get(s.fields.message!) ?? 0) + 1);
  return counts;
}

export const health = async (base: string) =>
  (await (await fetch(`${base}/healthz`)).json()) as Record<string, unknown>;

export function outboxCommand(database: string, ...args: string[]) {
  return spawnSync(process.execPath, ["build/outbox.js", ...args], {
    env: { ...process.env, DATABASE_URL: `file:${database}` },
    encoding: "utf8",
  });
}

export async function statesIn(database: string) {
  const counts = { pending: 0, failed: 0, delivered: 0, quarantined: 0 };
  for (const { state } of await listedIn(database)) counts[state as keyof typeof counts]++;
  return counts;
}

export function channelCounts(
  record: string,
  channel: string,
  messageOf: (body: string) => string,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const s of sentTo(record))
    if (s.channel === channel && s.answered === "200") {
      const message = messageOf(s.body ?? "");
      counts.set(message, (counts.get(message) ?? 0) + 1);
    }
  return counts;
}
