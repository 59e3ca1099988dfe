// Safe to run again and to stop at any point: a file is moved aside only after its row is committed. Nothing is
// followed (links) or waited on (FIFOs).
import { constants } from "node:fs";
import { mkdir, open, readdir, rename } from "node:fs/promises";
import { hostname } from "node:os";
import path from "node:path";
import { checkRecord, fromFirstLayout, type EnquiryRecord } from "./record.server";
import { STATES, type EnquiryStore, type DeliveryState } from "./store.server";

const MAX_ENTRY_BYTES = 256 * 1024;
const FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

type ImportResult = { imported: number; already: number; quarantined: number };

const recordFileName = (record: Pick<EnquiryRecord, "id" | "receivedAt">) =>
  `${record.receivedAt.replace(/[:.]/g, "-")}-${record.id}.json`;

async function readEntry(file: string): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  let handle;
  try {
    handle = await open(file, FLAGS);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ELOOP" ? "a link (not followed)" : `cannot be opened (${code})` };
  }
  try {
    const info = await handle.stat();
    if (!info.isFile()) return { ok: false, reason: info.isDirectory() ? "a folder" : "not a regular file" };
    if (info.nlink > 1) return { ok: false, reason: "a hard link" };
    if (info.size > MAX_ENTRY_BYTES) return { ok: false, reason: `over ${MAX_ENTRY_BYTES / 1024} KB` };
    return { ok: true, text: await handle.readFile("utf8") };
  } finally {
    await handle.close();
  }
}

const names = (dir: string) => readdir(dir).catch(() => [] as string[]);

async function liveLease(dir: string): Promise<boolean> {
  const read = await readEntry(path.join(dir, "delivery.lease"));
  if (!read.ok) return false;
  try {
    const lease = JSON.parse(read.text) as { host?: string; pid?: number; renewedAt?: number };
    if (typeof lease.renewedAt !== "number" || Date.now() - lease.renewedAt > 15_000) return false;
    if (lease.host !== hostname() || typeof lease.pid !== "number") return true;
    process.kill(lease.pid, 0);
    return lease.pid !== process.pid;
  } catch {
    return false;
  }
}

export async function outboxHasEntries(dir: string): Promise<boolean> {
  for (const folder of [...STATES, "quarantine"]) if ((await names(path.join(dir, folder))).length) return true;
  return (await names(dir)).some((n) => n.endsWith(".json"));
}

export async function importOutbox(dir: string, store: EnquiryStore): Promise<ImportResult> {
  if (await liveLease(dir))
    throw new Error(
      `a server of an earlier version still delivers from ${dir} (its delivery.lease is live): stop it, then import`,
    );
  const result: ImportResult = { imported: 0, already: 0, quarantined: 0 };
  const aside = async (from: string, name: string) => {
    const target = path.join(dir, "imported", from);
    await mkdir(target, { recursive: true, mode: 0o700 });
    await rename(path.join(dir, from === "." ? "" : from, name), path.join(target, name));
  };
  const keepQuarantined = async (
    from: string,
    name: string,
    reason: string,
    content = "",
    at = new Date().toISOString(),
  ) => {
    await store.insertQuarantined({ ref: `outbox ${from}/${name}`, from, reason, at, content });
    result.quarantined++;
    await aside(from, name);
  };

  const take = async (from: string, name: string, state: DeliveryState, firstLayout: boolean) => {
    const read = await readEntry(path.join(dir, from, name));
    if (!read.ok) return keepQuarantined(from, name, read.reason);
    let json: unknown;
    try {
      json = JSON.parse(read.text);
    } catch {
      return keepQuarantined(from, name, "not JSON (cut short or not a record)", read.text);
    }
    const checked = checkRecord(fromFirstLayout(json));
    if (!checked.ok) return keepQuarantined(from, name, checked.reason, read.text);
    const record = firstLayout
      ? { ...checked.record, attempts: [], nextAttemptAt: undefined, sendingSince: undefined }
      : checked.record;
    if (!firstLayout && recordFileName(record) !== name)
      return keepQuarantined(from, name, "file name does not match its record", read.text);
    // A pending one's next try was an outage's timer: due in order instead (decision 0026).
    const due = state === "pending" ? { ...record, nextAttemptAt: undefined } : record;
    if (await store.insertExisting({ ...due, state, channel: "email" })) result.imported++;
    else result.already++;
    await aside(from, name);
  };

  for (const state of STATES)
    for (const name of await names(path.join(dir, state))) await take(state, name, state, false);
  for (const name of (await names(dir)).filter((n) => n.endsWith(".json"))) await take(".", name, "pending", true);

  for (const folder of await names(path.join(dir, "quarantine"))) {
    const base = path.join(dir, "quarantine", folder);
    const why = await readEntry(path.join(base, "reason.json"));
    let reason = "quarantined by an earlier version";
    let at: string | undefined;
    if (why.ok) {
      try {
        const parsed = JSON.parse(why.text) as { reason?: string; at?: string; from?: string };
        reason = `${parsed.from ? `from ${parsed.from}/: ` : ""}${parsed.reason ?? reason}`;
        at = parsed.at;
      } catch {
        // keep the default
      }
    }
    const entry = await readEntry(path.join(base, "entry"));
    await keepQuarantined(
      "quarantine",
      folder,
      reason,
      entry.ok ? entry.text : "",
      at && !Number.isNaN(Date.parse(at)) ? at : undefined,
    );
  }
  return result;
}
