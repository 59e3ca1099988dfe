// Shared by the delivery and store tests: EmailJS stood in for by msw, a real SQLite database per test, the logs captured.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import type { Enquiry } from "~/store/record.server";
import { openSqlStore } from "~/store/open-store.server";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import type { EmailJsConfig } from "~/utils/env.server";
import { flushLog } from "~/utils/log.server";
import { emailJsHandlers, recordedSends } from "../../mocks/emailjs";
import { createEmailJsSend, emailJsChannel, type Send } from "~/delivery/emailjs.server";
import { startDelivery, type DeliveryWorker, type DeliveryOptions } from "~/delivery/worker.server";

export const CONFIG: EmailJsConfig = {
  apiUrl: "https://api.emailjs.test",
  serviceId: "service_unit",
  templateId: "template_unit",
  publicKey: "public_unit",
};

export const enquiry = (message = "A table for six on Saturday, please."): Enquiry => ({
  name: "Ana Horvat",
  email: "ana@example.com",
  phone: "+385 91 234 5678",
  category: "VIP Nightclub experience",
  message,
});

export type WorkerOverrides = Partial<DeliveryOptions> & { send?: Send; intervalMs?: number };

export function quickWorker(store: EnquiryStore, overrides: WorkerOverrides = {}): DeliveryOptions {
  const { send = createEmailJsSend(CONFIG, { timeoutMs: 300 }), intervalMs = 0, ...options } = overrides;
  return {
    store,
    channels: [emailJsChannel(CONFIG, { timeoutMs: 300, intervalMs }, send)],
    backoff: { baseMs: 50, maxMs: 200 },
    giveUpAfterMs: 60_000,
    pollMs: 20,
    ...options,
  };
}

export const sqliteStore = (file: string, options: Parameters<typeof openSqlStore>[1] = {}) =>
  openSqlStore({ DATABASE_URL: `file:${file}`, DATABASE_POOL_MAX: 1 }, options);

export function deliveryTestbed() {
  const server = setupServer(...emailJsHandlers);
  const opened: EnquiryStore[] = [];
  const lines: string[] = [];
  const bed = {
    server,
    dir: "",
    file: "",
    store: undefined as unknown as EnquiryStore,
    /** What was logged, the held info lines first written out (app/utils/log.server.ts). */
    get logs(): string[] {
      flushLog();
      return lines;
    },
    delivery: undefined as DeliveryWorker | undefined,
    open(options: { staleMs?: number } = {}) {
      const store = sqliteStore(bed.file, options);
      opened.push(store);
      return store;
    },
    options(overrides: WorkerOverrides = {}): DeliveryOptions {
      return quickWorker(bed.store, overrides);
    },
    start(overrides: WorkerOverrides = {}) {
      bed.delivery = startDelivery(bed.options(overrides));
      return bed.delivery;
    },
    async states() {
      const { pending, failed, delivered } = await bed.store.counts();
      return { pending, failed, delivered };
    },
    events(event: string) {
      return bed.logs.filter((l) => l.includes(`"${event}"`)).map((l) => JSON.parse(l) as Record<string, unknown>);
    },
  };
  beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  beforeEach(async () => {
    recordedSends.length = 0;
    bed.dir = await mkdtemp(path.join(tmpdir(), "store-"));
    bed.file = path.join(bed.dir, "site.db");
    bed.store = bed.open();
    lines.length = 0;
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
        lines.push(...String(chunk).split("\n").filter(Boolean));
        return true;
      });
    }
  });
  afterEach(async () => {
    await bed.delivery?.stop();
    bed.delivery = undefined;
    vi.restoreAllMocks();
    for (const store of opened.splice(0)) await store.close().catch(() => {});
    await rm(bed.dir, { recursive: true, force: true });
  });
  return bed;
}
