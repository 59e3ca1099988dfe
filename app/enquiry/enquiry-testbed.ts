// Shared by the enquiry feature's tests: EmailJS stood in for by msw (at the network), a real
// outbox folder per test, the log lines captured, a worker with quick retries and polls.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { EmailJsConfig } from "~/utils/env.server";
import { emailJsHandlers, recordedSends } from "../../mocks/emailjs";
import { startDelivery, type Delivery, type DeliveryOptions } from "./delivery.server";
import { createEmailJsSend } from "./emailjs.server";
import { fileStore } from "./file-store.server";
import { createOutbox, type Outbox } from "./outbox.server";
import type { EnquiryStore } from "./store.server";
import type { Enquiry } from "./schema.server";

export const CONFIG: EmailJsConfig = {
  apiUrl: "https://api.emailjs.test",
  serviceId: "service_unit",
  templateId: "template_unit",
  publicKey: "public_unit",
};

export const enquiry = (message = "A table for six on Saturday, please."): Enquiry => ({
  name: "Ana Horvat",
  email: "ana@example.com",
  number: "+385 91 234 5678",
  category: "VIP Nightclub experience",
  message,
});

/** A worker's options for tests: quick retries and polls, no pacing unless asked. */
export function quickWorker(store: EnquiryStore, overrides: Partial<DeliveryOptions> = {}): DeliveryOptions {
  return {
    store,
    send: createEmailJsSend(CONFIG, { timeoutMs: 300 }),
    intervalMs: 0,
    backoff: { baseMs: 50, maxMs: 200 },
    giveUpAfterMs: 60_000,
    retentionMs: 60_000,
    pollMs: 20,
    ...overrides,
  };
}

/** Registers the hooks of a test file and gives its tests the current outbox, logs and worker. */
export function enquiryTestbed() {
  const server = setupServer(...emailJsHandlers);
  const bed = {
    server,
    dir: "",
    outbox: undefined as unknown as Outbox,
    logs: [] as string[],
    delivery: undefined as Delivery | undefined,
    options(overrides: Partial<DeliveryOptions> = {}): DeliveryOptions {
      return quickWorker(fileStore(bed.outbox), overrides);
    },
    start(overrides: Partial<DeliveryOptions> = {}) {
      bed.delivery = startDelivery(bed.options(overrides));
      return bed.delivery;
    },
    // A move renames first, then writes the record's new contents: count a record as moved
    // once its contents say so.
    async states() {
      return {
        pending: (await bed.outbox.list("pending")).length,
        failed: (await bed.outbox.list("failed")).filter((r) => r.failure).length,
        delivered: (await bed.outbox.list("delivered")).filter((r) => r.deliveredAt).length,
      };
    },
  };
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(async () => {
    recordedSends.length = 0;
    bed.dir = await mkdtemp(path.join(tmpdir(), "outbox-"));
    bed.outbox = createOutbox(bed.dir);
    bed.logs = [];
    // log() writes JSON lines to stdout (info) and stderr (the rest).
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
        bed.logs.push(String(chunk).trimEnd());
        return true;
      });
    }
  });
  afterEach(async () => {
    await bed.delivery?.stop();
    bed.delivery = undefined;
    vi.restoreAllMocks();
    await rm(bed.dir, { recursive: true, force: true });
  });
  return bed;
}
