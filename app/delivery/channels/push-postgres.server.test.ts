import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { acceptReceipt, subscribeDevice, SubscriptionForm } from "~/staff/push-devices.server";
import { openSqlStore } from "~/store/open-store.server";
import { PUSH_CHANNEL } from "~/store/push.server";
import { parsePushServices, type PushService } from "~/utils/push-services.server";
import { postgresForTests, sharedPgCluster, type PgCluster } from "../../../tests/support/pg-cluster";
import { makeDevice, startPushService } from "../../../tests/support/push-stand-in";
import { startDelivery } from "../worker.server";
import { pushChannel } from "./push.server";

describe.runIf(postgresForTests("web push on PostgreSQL"))("web push on a throwaway PostgreSQL cluster", () => {
  let cluster: PgCluster;
  beforeAll(async () => {
    cluster = await sharedPgCluster(inject("pgFolder"));
  }, 60_000);
  afterAll(() => cluster?.remove());

  it("a burst of enquiries each rings each device once; receipts confirm; a released spam rings too; replicas share one key pair", async () => {
    vi.spyOn(process.stdout, "write").mockImplementation(() => true);
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const url = cluster.createDatabase("push_1");
    const store = openSqlStore({ DATABASE_URL: url, DATABASE_POOL_MAX: 5 }, { push: true });
    const replica = openSqlStore({ DATABASE_URL: url, DATABASE_POOL_MAX: 2 }, { push: true });
    const service = await startPushService();
    const services = parsePushServices(service.origin) as PushService[];
    try {
      const [keys, same] = await Promise.all([store.push.keys(), replica.push.keys()]);
      expect(same).toEqual(keys);
      const member = randomUUID();
      await store.sql.run(
        "INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, 'a@example.com', 'staff', $2)",
        [member, new Date().toISOString()],
      );
      const devices = await Promise.all(
        ["one", "two"].map(async (name) => {
          const device = makeDevice();
          const form = SubscriptionForm.parse({ endpoint: `${service.origin}/${name}`, ...device });
          const done = await subscribeDevice(
            store.push,
            { id: member },
            { ...form, fallbackName: name, language: "en" },
            {
              services,
              maxDevices: 5,
            },
          );
          if (!done.ok) throw new Error(done.reason);
          return { ...device, id: done.id, path: `/${name}` };
        }),
      );
      const enquiry = (i: number) => ({
        name: "N",
        email: `v${i}@example.com`,
        phone: "+385 1",
        category: "other",
        message: `m${i}`,
      });
      const accepted = await Promise.all([0, 1, 2].map((i) => store.store(enquiry(i))));
      const caught = await store.store(enquiry(9), undefined, {
        spam: { reasons: ["links"], maxPerHour: 10, maxKept: 10 },
      });
      expect(await store.find(caught.id)).toEqual([]);
      expect(await store.release(caught.id)).toBe(true);
      const channel = pushChannel({
        alerts: () => store.push,
        keys: () => store.push.keys(),
        subject: "mailto:t@example.com",
        services,
        timeoutMs: 2_000,
      });
      const delivery = startDelivery({
        store,
        channels: [channel],
        backoff: { baseMs: 50, maxMs: 200 },
        giveUpAfterMs: 60_000,
        pollMs: 20,
      });
      try {
        await vi.waitFor(() => expect(service.requests).toHaveLength(8), { timeout: 10_000 });
      } finally {
        await delivery.stop();
      }
      for (const device of devices) {
        const tags = service
          .accepted(device.path)
          .map((r) => (JSON.parse(device.decrypt(r.body).toString()) as { tag: string }).tag);
        expect(tags.sort()).toEqual([...accepted, caught].map((a) => a.reference).sort());
      }
      const receipt = (
        JSON.parse(devices[0]!.decrypt(service.accepted("/one").at(-1)!.body).toString()) as {
          receipt: { e: string; d: string; t: string };
        }
      ).receipt;
      expect(await acceptReceipt(store.push, keys, { ...receipt, d: devices[1]!.id })).toBe("refused");
      expect(await acceptReceipt(store.push, keys, receipt)).toBe("confirmed");
      for (const a of accepted)
        expect((await store.find(a.id)).find((d) => d.channel === PUSH_CHANNEL)?.state).toBe("delivered");
      // Three of four confirmed by no device; device two (no receipt for its last three) is stale.
      const later = Date.now() + 10 * 60_000;
      expect((await store.push.unconfirmedAlerts({ now: later, confirmMs: 5 * 60_000 })).alerts).toHaveLength(3);
      expect(await store.push.deviceCounts(new Date(later).toISOString())).toEqual({ devices: 2, stale: 1 });
    } finally {
      await service.close();
      await store.close();
      await replica.close();
      vi.restoreAllMocks();
    }
  });
});
