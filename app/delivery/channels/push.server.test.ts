import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { acceptReceipt, subscribeDevice, SubscriptionForm } from "~/staff/push-devices.server";
import { openSqlStore } from "~/store/open-store.server";
import { PUSH_CHANNEL } from "~/store/push.server";
import type { SqlStore } from "~/store/sql-store.server";
import type { Enquiry } from "~/store/record.server";
import { parsePushServices, type PushService } from "~/utils/push-services.server";
import { checkVapid, makeDevice, startPushService } from "../../../tests/support/push-stand-in";
import { startDelivery, type DeliveryWorker } from "../worker.server";
import { pushChannel } from "./push.server";

// A real SQLite store, worker and push channel, a push service stood in for on loopback; decrypted as a phone would.

let dir = "";
const stores: SqlStore[] = [];
let service: Awaited<ReturnType<typeof startPushService>>;
let services: PushService[];
let delivery: DeliveryWorker | undefined;
const SUBJECT = "mailto:team@example.com";

const open = () => {
  const store = openSqlStore(
    { DATABASE_URL: `file:${path.join(dir, "site.db")}`, DATABASE_POOL_MAX: 1 },
    { push: true },
  );
  stores.push(store);
  return store;
};

/** The migrated tables, for rows a test writes or reads by hand. */
async function tablesOf(store: SqlStore) {
  await store.prepare();
  return store.sql;
}

async function member(store: SqlStore, email = `p${stores.length}-${randomUUID().slice(0, 6)}@example.com`) {
  const id = randomUUID();
  const sql = await tablesOf(store);
  await sql.run("INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, $2, 'staff', $3)", [
    id,
    email,
    new Date().toISOString(),
  ]);
  return { id };
}

async function subscribe(store: SqlStore, who: { id: string }, name: string, language = "en") {
  const device = makeDevice();
  const form = SubscriptionForm.parse({
    endpoint: `${service.origin}/push/${name}`,
    p256dh: device.p256dh,
    auth: device.auth,
  });
  const outcome = await subscribeDevice(
    store.push,
    who,
    { ...form, fallbackName: name, language },
    {
      services,
      maxDevices: 10,
    },
  );
  if (!outcome.ok) throw new Error(outcome.reason);
  return { ...device, id: outcome.id, path: `/push/${name}` };
}

function start(store: SqlStore, now?: () => number) {
  const channel = pushChannel({
    alerts: () => store.push,
    keys: () => store.push.keys(),
    subject: SUBJECT,
    services,
    timeoutMs: 2_000,
    now,
  });
  delivery = startDelivery({
    store,
    channels: [channel],
    backoff: { baseMs: 50, maxMs: 200 },
    giveUpAfterMs: 60_000,
    pollMs: 20,
  });
  return delivery;
}

const accept = (store: SqlStore, extra: Partial<Enquiry> = {}) =>
  store.store({
    name: "Ana Horvat",
    email: "ana@example.com",
    phone: "+385 91 234 5678",
    category: "VIP Nightclub experience",
    message: "A table for six on Saturday, call me",
    ...extra,
  });

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "push-"));
  service = await startPushService();
  services = parsePushServices(service.origin) as PushService[];
  vi.spyOn(process.stdout, "write").mockImplementation(() => true);
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});
afterEach(async () => {
  await delivery?.stop();
  delivery = undefined;
  for (const store of stores.splice(0)) await store.close().catch(() => {});
  await service.close();
  vi.restoreAllMocks();
  await rm(dir, { recursive: true, force: true });
});

describe("an enquiry rings every subscribed device, once", () => {
  it("arrives encrypted to each device (RFC 8291) with TTL a day, Urgency high, the reference as Topic, signed by VAPID; the payload says the service, day and source, nothing personal, under 1 KB", async () => {
    const store = open();
    const ana = await member(store);
    const phone = await subscribe(store, ana, "phone", "en");
    const tablet = await subscribe(store, await member(store), "tablet", "hr");
    const accepted = await accept(store, {
      event_date: "2027-06-12",
      source: { channel: "instagram", campaign: "summer-vip", referrer: "l.instagram.com", landing: "/" },
    });
    start(store);
    await vi.waitFor(() => expect(service.accepted(phone.path).length + service.accepted(tablet.path).length).toBe(2), {
      timeout: 5_000,
    });
    const keys = await store.push.keys();
    for (const [device, title, day] of [
      [
        phone,
        "New enquiry: VIP Nightclub experience",
        /^For Sat,? 12 Jun 2027\. From Instagram · summer-vip\. Open to read\.$/,
      ],
      [
        tablet,
        "Novi upit: VIP noćni izlasci",
        /^Za sub.* 12\. lip.* 2027\. Izvor: Instagram · summer-vip\. Otvorite za čitanje\.$/,
      ],
    ] as const) {
      const [request] = service.accepted(device.path);
      expect(request!.headers).toMatchObject({
        ttl: "86400",
        urgency: "high",
        topic: accepted.reference,
        "content-encoding": "aes128gcm",
      });
      const claims = checkVapid(request!.headers.authorization, service.origin);
      expect(claims).toMatchObject({ sub: SUBJECT, publicKey: keys.publicKey });
      const text = device.decrypt(request!.body).toString();
      expect(Buffer.byteLength(text)).toBeLessThan(1_000);
      const payload = JSON.parse(text) as Record<string, unknown>;
      expect(payload).toMatchObject({ title, tag: accepted.reference, url: `/staff/inbox/${accepted.id}` });
      expect(payload.body).toMatch(day);
      for (const personal of ["Ana", "Horvat", "ana@example.com", "234 5678", "call me", "table for six"])
        expect(text).not.toContain(personal);
    }
    await vi.waitFor(async () => expect((await store.counts()).channels[PUSH_CHANNEL]?.delivered).toBe(1));
  });

  it("the receipt inside the payload confirms that device's alert; a forged one, or one for another's device, is refused and changes nothing", async () => {
    const store = open();
    const phone = await subscribe(store, await member(store), "phone");
    const other = await subscribe(store, await member(store), "other");
    const accepted = await accept(store);
    start(store);
    await vi.waitFor(() => expect(service.accepted(other.path)).toHaveLength(1), { timeout: 5_000 });
    const sql = await tablesOf(store);
    const keys = await store.push.keys();
    const receipt = (
      JSON.parse(phone.decrypt(service.accepted(phone.path)[0]!.body).toString()) as {
        receipt: { e: string; d: string; t: string };
      }
    ).receipt;
    expect(receipt).toMatchObject({ e: accepted.id, d: phone.id });
    const confirmed = async () =>
      (await sql.all<{ device_id: string }>("SELECT device_id FROM push_alerts WHERE confirmed_at IS NOT NULL")).map(
        (r) => r.device_id,
      );
    // Another person's device with this device's token, a made-up token: refused, nothing written.
    expect(await acceptReceipt(store.push, keys, { ...receipt, d: other.id })).toBe("refused");
    expect(await acceptReceipt(store.push, keys, { ...receipt, t: "A".repeat(32) })).toBe("refused");
    expect(await confirmed()).toEqual([]);
    expect(await acceptReceipt(store.push, keys, receipt)).toBe("confirmed");
    expect(await acceptReceipt(store.push, keys, receipt)).toBe("repeated");
    expect(await confirmed()).toEqual([phone.id]);
  });

  it("410 removes the subscription at once (and the audit log says so); the other device still gets it", async () => {
    const store = open();
    const who = await member(store);
    const gone = await subscribe(store, who, "gone");
    const kept = await subscribe(store, who, "kept");
    service.answer(gone.path, { status: 410 });
    await accept(store);
    start(store);
    await vi.waitFor(() => expect(service.accepted(kept.path)).toHaveLength(1), { timeout: 5_000 });
    const sql = await tablesOf(store);
    await vi.waitFor(async () =>
      expect((await sql.all<{ id: string }>("SELECT id FROM push_devices")).map((r) => r.id)).toEqual([kept.id]),
    );
    expect(await sql.all("SELECT event, subject FROM staff_audit")).toEqual([
      { event: "push-device-removed", subject: "gone" },
    ]);
    await accept(store);
    await vi.waitFor(() => expect(service.accepted(kept.path)).toHaveLength(2), { timeout: 5_000 });
    expect(service.requests.filter((r) => r.path === gone.path)).toHaveLength(1);
  });

  it("429 with Retry-After: the channel waits at least that long before that device is tried again, and the device that took it is not sent it again", async () => {
    const store = open();
    const who = await member(store);
    const busy = await subscribe(store, who, "busy");
    const fine = await subscribe(store, who, "fine");
    service.answer(busy.path, { status: 429, headers: { "Retry-After": "2" } });
    await accept(store);
    start(store);
    await vi.waitFor(() => expect(service.accepted(busy.path)).toHaveLength(1), { timeout: 10_000 });
    const [refused, taken] = service.requests.filter((r) => r.path === busy.path);
    expect(refused!.answered).toBe(429);
    // The push service's own wait, not the channel's 50 ms step.
    expect(taken!.at - refused!.at).toBeGreaterThanOrEqual(2_000);
    expect(service.requests.filter((r) => r.path === fine.path)).toHaveLength(1);
  });

  it("across a restart: a device that took the alert is never sent it again; the one the push service refused (503) gets it once when it is back", async () => {
    const store = open();
    const who = await member(store);
    const up = await subscribe(store, who, "up");
    const down = await subscribe(store, who, "down");
    service.answer(down.path, { status: 503 }, { status: 503 }, { status: 503 });
    const accepted = await accept(store);
    start(store);
    await vi.waitFor(() => expect(service.requests.filter((r) => r.path === down.path).length).toBeGreaterThan(0), {
      timeout: 5_000,
    });
    await delivery!.stop();
    delivery = undefined;
    start(open());
    await vi.waitFor(() => expect(service.accepted(down.path)).toHaveLength(1), { timeout: 10_000 });
    expect(service.accepted(up.path)).toHaveLength(1);
    await vi.waitFor(async () =>
      expect((await store.find(accepted.id)).find((d) => d.channel === PUSH_CHANNEL)?.state).toBe("delivered"),
    );
  });

  it("no device subscribed: an enquiry gets no push delivery at all (and one accepted before a device was added is not sent to it)", async () => {
    const store = open();
    const early = await accept(store);
    await subscribe(store, await member(store), "late");
    const later = await accept(store);
    expect((await store.find(early.id)).map((d) => d.channel)).toEqual(["email"]);
    expect((await store.find(later.id)).map((d) => d.channel).sort()).toEqual(["email", PUSH_CHANNEL]);
  });
});
