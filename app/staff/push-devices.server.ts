import { createECDH, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { STALE } from "~/store/push-watch.server";
import { sendTestAlert, type TestAlertOutcome } from "~/delivery/channels/push.server";
import {
  confirmSend,
  confirmTest,
  deviceOf,
  looksLikeDeviceId,
  newDeviceId,
  receiptValid,
  testAlertSent,
  type PushKeys,
} from "~/store/push.server";
import type { Queryable, Sql } from "~/store/sql.server";
import { isoTime, isUniqueViolation } from "~/store/sql.server";
import { checkEndpoint, type PushService } from "~/utils/push-services.server";
import { STAFF_PATHS } from "./paths";

export type DeviceView = {
  id: string;
  name: string;
  createdAt: string;
  lastReachedAt?: string;
  /** Its last three alerts unconfirmed (store/push-watch.server.ts). */
  stale: boolean;
};

export async function devicesOf(sql: Queryable, memberId: string, settledBefore: string): Promise<DeviceView[]> {
  const rows = await sql.all<{
    id: string;
    name: string;
    created_at: unknown;
    last_reached_at: unknown;
    stale: unknown;
  }>(
    `SELECT p.id, p.name, p.created_at, p.last_reached_at, ${STALE} AS stale
       FROM push_devices p WHERE p.member_id = $2 ORDER BY p.created_at, p.id`,
    [settledBefore, memberId],
  );
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    createdAt: isoTime(r.created_at) ?? "",
    lastReachedAt: isoTime(r.last_reached_at),
    stale: Number(r.stale) === 1,
  }));
}

const base64url = (bytes: number) =>
  z
    .string()
    .max(200)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/)
    .transform((v) => Buffer.from(v, "base64url"))
    .refine((b) => b.length === bytes);

export const SubscriptionForm = z.object({
  endpoint: z.string().max(1000),
  p256dh: base64url(65).refine(onCurve),
  auth: base64url(16),
  name: z.string().trim().max(60).optional(),
});
export type SubscriptionInput = z.output<typeof SubscriptionForm>;

/** A key off P-256 (RFC 8291) could never be encrypted to, so it is refused before anything is stored. */
function onCurve(point: Buffer): boolean {
  if (point[0] !== 0x04) return false;
  try {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    ecdh.computeSecret(point);
    return true;
  } catch {
    return false;
  }
}

export type SubscribeOutcome =
  | { ok: true; id: string; name: string; moved: boolean }
  | { ok: false; reason: "not-an-address" | "unknown-push-service" | "too-many" };

/** An endpoint another person turned on becomes this person's: a browser rings for whoever turned it on last.
 * Refused with nothing stored: an unlisted push service, or a person already at `maxDevices`. */
export async function subscribeDevice(
  sql: Sql,
  member: { id: string },
  input: SubscriptionInput & { fallbackName: string; language: string },
  { services, maxDevices }: { services: readonly PushService[]; maxDevices: number },
): Promise<SubscribeOutcome> {
  const url = checkEndpoint(input.endpoint, services);
  if (typeof url === "string") return { ok: false, reason: url };
  const name = input.name || input.fallbackName;
  const keys = [input.p256dh.toString("base64url"), input.auth.toString("base64url")];
  // The same browser posting twice at once: the second insert meets the first's row, and once more is an update.
  const row = { href: url.href, keys, name, language: input.language };
  const attempt = () => keepSubscription(sql, member, row, maxDevices);
  return attempt().catch((error: unknown) => (isUniqueViolation(error) ? attempt() : Promise.reject(error)));
}

function keepSubscription(
  sql: Sql,
  member: { id: string },
  { href, keys, name, language }: { href: string; keys: string[]; name: string; language: string },
  maxDevices: number,
): Promise<SubscribeOutcome> {
  return sql.transaction(async (tx) => {
    const [existing] = await tx.all<{ id: string; member_id: unknown }>(
      "SELECT id, member_id FROM push_devices WHERE endpoint = $1",
      [href],
    );
    const mine = existing && String(existing.member_id) === member.id;
    if (!mine) {
      const [count] = await tx.all<{ n: unknown }>("SELECT count(*) AS n FROM push_devices WHERE member_id = $1", [
        member.id,
      ]);
      if (Number(count?.n) >= maxDevices) return { ok: false, reason: "too-many" };
    }
    if (existing) {
      await tx.run(
        "UPDATE push_devices SET member_id = $2, p256dh = $3, auth = $4, name = $5, language = $6 WHERE id = $1",
        [existing.id, member.id, ...keys, name, language],
      );
      return { ok: true, id: existing.id, name, moved: !mine };
    }
    const id = newDeviceId();
    await tx.run(
      `INSERT INTO push_devices (id, member_id, endpoint, p256dh, auth, name, language, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, member.id, href, ...keys, name, language, new Date().toISOString()],
    );
    return { ok: true, id, name, moved: false };
  });
}

/** The removed device's name; another person's device is left alone. */
export async function removeDevice(sql: Sql, memberId: string, deviceId: string): Promise<string | undefined> {
  if (!looksLikeDeviceId(deviceId)) return undefined;
  const [row] = await sql.all<{ name: string }>(
    "DELETE FROM push_devices WHERE id = $1 AND member_id = $2 RETURNING name",
    [deviceId, memberId],
  );
  return row?.name;
}

/** The token came inside the alert's encrypted payload. */
export const ReceiptForm = z.object({
  e: z.string().regex(/^[0-9a-f-]{36}$/i),
  d: z.string().refine(looksLikeDeviceId),
  t: z.string().regex(/^[A-Za-z0-9_-]{32}$/),
});

/** A token not the one put in that device's alert (forged, or another's device) is refused, writing nothing. */
export async function acceptReceipt(
  sql: Sql,
  keys: PushKeys,
  receipt: z.output<typeof ReceiptForm>,
): Promise<"confirmed" | "repeated" | "refused"> {
  if (!receiptValid(keys, receipt.e, receipt.d, receipt.t)) return "refused";
  const test = testAlertSent(receipt.e, Date.now());
  if (test === false) return "refused";
  if (test) return (await confirmTest(sql, receipt.d, test)) ? "confirmed" : "repeated";
  return (await confirmSend(sql, receipt.e, receipt.d)) ? "confirmed" : "repeated";
}

export async function testDevice(
  sql: Sql,
  memberId: string,
  deviceId: string,
  keys: PushKeys,
  settings: { subject: string; services: readonly PushService[]; timeoutMs: number },
): Promise<{ name: string; sent: TestAlertOutcome } | undefined> {
  if (!looksLikeDeviceId(deviceId)) return undefined;
  const target = await deviceOf(sql, memberId, deviceId);
  if (!target) return undefined;
  return { name: target.name, sent: await sendTestAlert(sql, target, keys, { ...settings, url: STAFF_PATHS.alerts }) };
}

/** Posted by the service worker on `pushsubscriptionchange`. */
export const RenewalForm = SubscriptionForm.omit({ name: true }).extend({
  old: z.string().max(1000),
  oldAuth: base64url(16),
});

export type RenewOutcome =
  | { ok: true; name: string; member: { id: string; email: string } }
  | { ok: false; reason: "unknown-device" | "not-an-address" | "unknown-push-service" | "conflict" };

/** Open without a session (a browser renews when it likes), so proved by the old subscription's auth secret, which
 * only that browser and this server hold. A new subscription already turned on again is kept; the old device goes. */
export async function renewDevice(
  sql: Sql,
  input: z.output<typeof RenewalForm>,
  services: readonly PushService[],
): Promise<RenewOutcome> {
  const url = checkEndpoint(input.endpoint, services);
  if (typeof url === "string") return { ok: false, reason: url };
  const old = URL.canParse(input.old) ? new URL(input.old).href : "";
  return renewing(sql, old, url.href, input).catch((error: unknown) => {
    // The same browser turned on again at the same moment: the other request's row stands.
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict" } as const;
    throw error;
  });
}

function renewing(sql: Sql, old: string, href: string, input: z.output<typeof RenewalForm>): Promise<RenewOutcome> {
  return sql.transaction(async (tx) => {
    const [device] = await tx.all<{ id: string; name: string; auth: string; member_id: unknown; email: string }>(
      `SELECT p.id, p.name, p.auth, p.member_id, m.email FROM push_devices p
         JOIN staff_members m ON m.id = p.member_id WHERE p.endpoint = $1`,
      [old],
    );
    const held = Buffer.from(device?.auth ?? "", "base64url");
    if (!device || held.length !== input.oldAuth.length || !timingSafeEqual(held, input.oldAuth))
      return { ok: false, reason: "unknown-device" };
    const [again] = await tx.all("SELECT id FROM push_devices WHERE endpoint = $1 AND id <> $2", [href, device.id]);
    if (again) await tx.run("DELETE FROM push_devices WHERE id = $1", [device.id]);
    else
      await tx.run("UPDATE push_devices SET endpoint = $2, p256dh = $3, auth = $4 WHERE id = $1", [
        device.id,
        href,
        input.p256dh.toString("base64url"),
        input.auth.toString("base64url"),
      ]);
    return { ok: true, name: device.name, member: { id: String(device.member_id), email: device.email } };
  });
}
