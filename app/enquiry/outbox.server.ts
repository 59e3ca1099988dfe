import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Enquiry } from "./schema.server";
import type { SendResult, Transport } from "./transport.server";

export type OutboxRecord = {
  id: string;
  receivedAt: string;
  /** "pending": stored by the outbox transport (no e-mail configured);
   * "relay_failed": e-mailing failed and this is the copy to recover. */
  status: "pending" | "relay_failed";
  failure?: { reason: string; status?: number; detail?: string };
  requestId?: string;
  enquiry: Enquiry;
};

/** Writes one enquiry as one JSON file; the name sorts by time. Written to a temporary
 * name and renamed, so a reader never sees half a file. */
export async function writeToOutbox(
  dir: string,
  enquiry: Enquiry,
  meta: Pick<OutboxRecord, "status" | "failure" | "requestId">,
): Promise<string> {
  const id = randomUUID();
  const receivedAt = new Date().toISOString();
  const record: OutboxRecord = { id, receivedAt, ...meta, enquiry };
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${receivedAt.replace(/[:.]/g, "-")}-${id}.json`);
  await writeFile(`${file}.tmp`, JSON.stringify(record, null, 2) + "\n", { mode: 0o600 });
  await rename(`${file}.tmp`, file);
  return file;
}

/** The embedded default transport: keeps every enquiry as a file for the operator. */
export function createOutboxTransport(dir: string): Transport {
  return {
    kind: "outbox",
    async send(enquiry, requestId): Promise<SendResult> {
      try {
        await writeToOutbox(dir, enquiry, { status: "pending", requestId });
        return { ok: true, transport: "outbox" };
      } catch (error) {
        return {
          ok: false,
          transport: "outbox",
          reason: "write_failed",
          detail: error instanceof Error ? error.message : undefined,
        };
      }
    },
  };
}
