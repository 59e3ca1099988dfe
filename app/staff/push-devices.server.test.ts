import { createECDH, randomBytes, randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqlStore } from "~/store/open-store.server";
import type { SqlStore } from "~/store/sql-store.server";
import type { Sql } from "~/store/sql.server";
import {
  checkEndpoint,
  isPrivateAddress,
  parsePushServices,
  publicOnlyLookup,
  type PushService,
} from "~/utils/push-services.server";
import { newPushKeys, receiptToken, testAlertId } from "~/store/push.server";
import { enquiry } from "../../tests/support/delivery-testbed";
import { makeDevice, startPushService } from "../../tests/support/push-stand-in";
import {
  acceptReceipt,
  devicesOf,
  removeDevice,
  RenewalForm,
  renewDevice,
  subscribeDevice,
  SubscriptionForm,
  testDevice,
} from "./push-devices.server";
import { endAllSessions } from "./session.server";

// Anyone holding a session may post these: whatever is refused must leave nothing stored.

let dir = "";
let store: SqlStore;
let sql: Sql;
const services = parsePushServices("fcm.googleapis.com,*.push.services.mozilla.com") as PushService[];

const keys = () => {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  return { p256dh: ecdh.getPublicKey().toString("base64url"), auth: randomBytes(16).toString("base64url") };
};

async function person() {
  const id = randomUUID();
  await sql.run("INSERT INTO staff_members (id, email, role, created_at) VALUES ($1, $2, 'staff', $3)", [
    id,
    `${id.slice(0, 8)}@example.com`,
    new Date().toISOString(),
  ]);
  return { id };
}

const subscribe = (who: { id: string }, endpoint: string, maxDevices = 10) =>
  subscribeDevice(
    store.push,
    who,
    { ...SubscriptionForm.parse({ endpoint, ...keys() }), fallbackName: "Chrome on Android", language: "en" },
    { services, maxDevices },
  );
const stored = async () => (await sql.all<{ n: unknown }>("SELECT count(*) AS n FROM push_devices"))[0]!.n;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "push-devices-"));
  store = openSqlStore({ DATABASE_URL: `file:${path.join(dir, "site.db")}`, DATABASE_POOL_MAX: 1 }, { push: true });
  await store.prepare();
  sql = store.sql;
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe("turning alerts on: what is refused, nothing stored", () => {
  it.each([
    ["another host", "https://attacker.example/push/1", "unknown-push-service"],
    ["a look-alike host", "https://fcm.googleapis.com.attacker.example/x", "unknown-push-service"],
    ["a private address", "https://10.0.0.5/push", "unknown-push-service"],
    ["plain http to a listed host", "http://fcm.googleapis.com/fcm/send/x", "unknown-push-service"],
    ["another port", "https://fcm.googleapis.com:8443/fcm/send/x", "unknown-push-service"],
    ["a user in the address", "https://me@fcm.googleapis.com/fcm/send/x", "not-an-address"],
    ["not an address", "javascript:alert(1)", "unknown-push-service"],
  ])("an endpoint on %s", async (_, endpoint, reason) => {
    expect(await subscribe(await person(), endpoint)).toEqual({ ok: false, reason });
    expect(Number(await stored())).toBe(0);
  });

  it("accepts a listed push service (a wildcard's subdomain included)", async () => {
    const who = await person();
    expect(await subscribe(who, "https://fcm.googleapis.com/fcm/send/abc")).toMatchObject({ ok: true });
    expect(await subscribe(who, "https://updates.push.services.mozilla.com/wpush/v2/x")).toMatchObject({ ok: true });
    expect(Number(await stored())).toBe(2);
  });

  it.each([
    ["a key one byte short", { p256dh: keys().p256dh.slice(0, -2) }],
    ["a point not on the curve", { p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString("base64url") }],
    ["a compressed point", { p256dh: Buffer.concat([Buffer.from([2]), randomBytes(64)]).toString("base64url") }],
    ["an auth secret of 15 bytes", { auth: randomBytes(15).toString("base64url") }],
    ["keys that are not base64url", { p256dh: "<script>" }],
  ])("malformed keys: %s", (_, broken) => {
    const form = { endpoint: "https://fcm.googleapis.com/fcm/send/abc", ...keys(), ...broken };
    expect(SubscriptionForm.safeParse(form).success).toBe(false);
  });

  it("a thousand subscriptions from one person: the bound's worth kept, the rest refused; another person is not affected", async () => {
    const who = await person();
    const outcomes = [];
    for (let i = 0; i < 1_000; i++) outcomes.push(await subscribe(who, `https://fcm.googleapis.com/fcm/send/${i}`, 10));
    expect(outcomes.filter((o) => o.ok)).toHaveLength(10);
    expect(outcomes.slice(10).every((o) => !o.ok && o.reason === "too-many")).toBe(true);
    expect(Number(await stored())).toBe(10);
    // The same browser again is an update, not one more.
    expect(await subscribe(who, "https://fcm.googleapis.com/fcm/send/3", 10)).toMatchObject({ ok: true });
    expect(await subscribe(await person(), "https://fcm.googleapis.com/fcm/send/other", 10)).toMatchObject({
      ok: true,
    });
    expect(Number(await stored())).toBe(11);
  });

  it("a person removes only their own devices; revoking their sessions or removing them removes all of theirs", async () => {
    const ana = await person();
    const ivo = await person();
    const mine = await subscribe(ana, "https://fcm.googleapis.com/fcm/send/ana-1");
    await subscribe(ana, "https://fcm.googleapis.com/fcm/send/ana-2");
    const his = await subscribe(ivo, "https://fcm.googleapis.com/fcm/send/ivo");
    if (!mine.ok || !his.ok) throw new Error("not subscribed");
    expect(await removeDevice(store.push, ana.id, his.id)).toBeUndefined();
    expect(await removeDevice(store.push, ana.id, mine.id)).toBe("Chrome on Android");
    expect(await endAllSessions(store.staff, ana.id)).toEqual({ sessions: 0, devices: 1 });
    expect(await devicesOf(store.push, ana.id, new Date().toISOString())).toEqual([]);
    await sql.run("DELETE FROM staff_members WHERE id = $1", [ivo.id]);
    expect(Number(await stored())).toBe(0);
  });
});

describe("push services: the list and the addresses called", () => {
  it("plain http only to a loopback address named outright; wildcards only over https", () => {
    expect(parsePushServices("http://127.0.0.1:3261")).toEqual([
      { scheme: "http:", host: "127.0.0.1", wildcard: false, port: "3261" },
    ]);
    expect(parsePushServices("http://push.example.com")).toMatch(/loopback/);
    expect(parsePushServices("http://*.example.com")).toMatch(/loopback|not a host/);
    expect(parsePushServices("fcm.googleapis.com/path")).toMatch(/not a host/);
    expect(checkEndpoint("http://127.0.0.1:3262/x", parsePushServices("http://127.0.0.1:3261") as PushService[])).toBe(
      "unknown-push-service",
    );
  });

  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "::1",
    "fd00::1",
    "fe80::1",
    "::ffff:10.0.0.1",
    "0.0.0.0",
  ])("%s is private", (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(["142.250.180.10", "2a00:1450:4001::200a", "17.57.146.20"])("%s is public", (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );

  it("a listed name that resolves to a private address is not called", async () => {
    const lookup = publicOnlyLookup();
    const error = await new Promise<NodeJS.ErrnoException | null>((resolve) =>
      lookup("localhost", {}, (e) => resolve(e)),
    );
    expect(error?.code).toBe("EPRIVATEADDRESS");
  });
});

describe("a test alert from the Alerts page", () => {
  it("reaches only the person's own device, carries nothing but its words; its signed, fresh receipt ends a stale mark; a 410 removes the device", async () => {
    const stand = await startPushService();
    try {
      const listed = parsePushServices(stand.origin) as PushService[];
      const settings = { subject: "mailto:desk@example.com", services: listed, timeoutMs: 2_000 };
      const keys = newPushKeys();
      const ana = await person();
      const phone = makeDevice();
      const added = await subscribeDevice(
        store.push,
        ana,
        {
          ...SubscriptionForm.parse({ endpoint: `${stand.origin}/push/ana`, ...phone }),
          fallbackName: "Phone",
          language: "hr",
        },
        { services: listed, maxDevices: 10 },
      );
      if (!added.ok) throw new Error("not subscribed");
      // Three alerts (each enquiry rings every device) sent and never confirmed: stale.
      for (const n of [1, 2, 3]) {
        const { id } = await store.store(enquiry(`Stale ${n}`));
        await sql.run("UPDATE push_alerts SET state = 'sent', sent_at = $3 WHERE enquiry_id = $1 AND device_id = $2", [
          id,
          added.id,
          new Date(Date.now() - 60_000 + n).toISOString(),
        ]);
      }
      const mine = async () => (await devicesOf(store.push, ana.id, new Date().toISOString()))[0];
      expect(await mine()).toMatchObject({ stale: true });

      expect(await testDevice(store.push, (await person()).id, added.id, keys, settings)).toBeUndefined();
      expect(await testDevice(store.push, ana.id, "not-a-device", keys, settings)).toBeUndefined();
      expect(stand.requests).toHaveLength(0);

      expect(await testDevice(store.push, ana.id, added.id, keys, settings)).toEqual({
        name: "Phone",
        sent: { outcome: "sent" },
      });
      expect(stand.requests).toHaveLength(1);
      expect(stand.requests[0]!.headers).toMatchObject({ urgency: "high", ttl: "600" });
      const alert = JSON.parse(phone.decrypt(stand.requests[0]!.body).toString()) as {
        title: string;
        url: string;
        receipt: { e: string; d: string; t: string };
      };
      expect(alert).toMatchObject({ title: "Probna obavijest", url: "/staff/alerts", receipt: { d: added.id } });
      expect(await mine()).toMatchObject({ stale: true, lastReachedAt: expect.any(String) });

      const old = testAlertId(Date.now() - 11 * 60_000);
      expect(await acceptReceipt(store.push, keys, { ...alert.receipt, t: "A".repeat(32) })).toBe("refused");
      expect(await acceptReceipt(store.push, keys, { e: old, d: added.id, t: receiptToken(keys, old, added.id) })).toBe(
        "refused",
      );
      expect(await mine()).toMatchObject({ stale: true });
      expect(await acceptReceipt(store.push, keys, alert.receipt)).toBe("confirmed");
      expect(await mine()).toMatchObject({ stale: false });
      // Replayed, it moves nothing: the confirmation is the test's send time, not the replay's.
      expect(await acceptReceipt(store.push, keys, alert.receipt)).toBe("repeated");

      stand.answer("/push/ana", { status: 410 });
      expect(await testDevice(store.push, ana.id, added.id, keys, settings)).toEqual({
        name: "Phone",
        sent: { outcome: "gone" },
      });
      expect(Number(await stored())).toBe(0);
    } finally {
      await stand.close();
    }
  });
});

describe("a subscription the browser renewed on its own", () => {
  const endpoints = async () =>
    (await sql.all<{ endpoint: string }>("SELECT endpoint FROM push_devices ORDER BY endpoint")).map((r) => r.endpoint);

  it("moves the device (its id, name and person kept) only with the old subscription's auth secret", async () => {
    const ana = await person();
    const first = keys();
    const added = await subscribeDevice(
      store.push,
      ana,
      {
        ...SubscriptionForm.parse({
          endpoint: "https://fcm.googleapis.com/fcm/send/old",
          ...first,
          name: "Ana's phone",
        }),
        fallbackName: "Phone",
        language: "en",
      },
      { services, maxDevices: 10 },
    );
    if (!added.ok) throw new Error("not subscribed");
    const renewal = (over: Record<string, string>) =>
      RenewalForm.parse({
        old: "https://fcm.googleapis.com/fcm/send/old",
        oldAuth: first.auth,
        endpoint: "https://fcm.googleapis.com/fcm/send/new",
        ...keys(),
        ...over,
      });
    expect(
      await renewDevice(store.push, renewal({ oldAuth: randomBytes(16).toString("base64url") }), services),
    ).toEqual({
      ok: false,
      reason: "unknown-device",
    });
    expect(
      await renewDevice(store.push, renewal({ old: "https://fcm.googleapis.com/fcm/send/other" }), services),
    ).toEqual({
      ok: false,
      reason: "unknown-device",
    });
    expect(await renewDevice(store.push, renewal({ endpoint: "https://attacker.example/x" }), services)).toEqual({
      ok: false,
      reason: "unknown-push-service",
    });
    expect(await endpoints()).toEqual(["https://fcm.googleapis.com/fcm/send/old"]);

    expect(await renewDevice(store.push, renewal({}), services)).toMatchObject({ ok: true, name: "Ana's phone" });
    expect(await endpoints()).toEqual(["https://fcm.googleapis.com/fcm/send/new"]);
    expect(await devicesOf(store.push, ana.id, new Date().toISOString())).toMatchObject([
      { id: added.id, name: "Ana's phone" },
    ]);
    // The old secret proves nothing any more.
    expect(
      await renewDevice(store.push, renewal({ endpoint: "https://fcm.googleapis.com/fcm/send/third" }), services),
    ).toEqual({
      ok: false,
      reason: "unknown-device",
    });
  });

  it("a renewal to the same endpoint (a spurious event) keeps the device and takes its new keys", async () => {
    const ana = await person();
    const first = keys();
    const endpoint = "https://fcm.googleapis.com/fcm/send/same";
    await subscribeDevice(
      store.push,
      ana,
      { ...SubscriptionForm.parse({ endpoint, ...first }), fallbackName: "Phone", language: "en" },
      { services, maxDevices: 10 },
    );
    const fresh = keys();
    expect(
      await renewDevice(
        store.push,
        RenewalForm.parse({ old: endpoint, oldAuth: first.auth, endpoint, ...fresh }),
        services,
      ),
    ).toMatchObject({ ok: true });
    expect(await sql.all("SELECT endpoint, auth FROM push_devices")).toEqual([{ endpoint, auth: fresh.auth }]);
  });

  it("a browser that was turned on again already keeps that subscription, and the old device goes", async () => {
    const ana = await person();
    const first = keys();
    const on = (endpoint: string, k: ReturnType<typeof keys>) =>
      subscribeDevice(
        store.push,
        ana,
        { ...SubscriptionForm.parse({ endpoint, ...k }), fallbackName: "Phone", language: "en" },
        { services, maxDevices: 10 },
      );
    await on("https://fcm.googleapis.com/fcm/send/old", first);
    await on("https://fcm.googleapis.com/fcm/send/new", keys());
    const renewal = RenewalForm.parse({
      old: "https://fcm.googleapis.com/fcm/send/old",
      oldAuth: first.auth,
      endpoint: "https://fcm.googleapis.com/fcm/send/new",
      ...keys(),
    });
    expect(await renewDevice(store.push, renewal, services)).toMatchObject({ ok: true });
    expect(await endpoints()).toEqual(["https://fcm.googleapis.com/fcm/send/new"]);
  });
});
