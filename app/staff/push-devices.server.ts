import { createECDH } from "node:crypto";
import * as z from "zod";
import { sendTestAlert, type AlertRows, type TestAlertOutcome } from "~/delivery/channels/push.server";
import type { DeviceView } from "~/store/push-devices.server";
import type { PushPart } from "~/store/push-part.server";
import { looksLikeDeviceId, receiptValid, testAlertSent, type PushKeys } from "~/store/push.server";
import { isUniqueViolation } from "~/store/sql.server";
import { checkEndpoint, type PushService } from "~/utils/push-services.server";
import { STAFF_PATHS } from "./paths";

export type { DeviceView };

export const devicesOf = (push: PushPart, memberId: string, settledBefore: string): Promise<DeviceView[]> =>
  push.devicesOf(memberId, settledBefore);

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
  push: PushPart,
  member: { id: string },
  input: SubscriptionInput & { fallbackName: string; language: string },
  { services, maxDevices }: { services: readonly PushService[]; maxDevices: number },
): Promise<SubscribeOutcome> {
  const url = checkEndpoint(input.endpoint, services);
  if (typeof url === "string") return { ok: false, reason: url };
  const name = input.name || input.fallbackName;
  const subscription = {
    href: url.href,
    p256dh: input.p256dh.toString("base64url"),
    auth: input.auth.toString("base64url"),
    name,
    language: input.language,
  };
  // The same browser posting twice at once: the second insert meets the first's row, and once more is an update.
  const attempt = (): Promise<SubscribeOutcome> => push.keepSubscription(member.id, subscription, maxDevices);
  return attempt().catch((error: unknown) => (isUniqueViolation(error) ? attempt() : Promise.reject(error)));
}

/** The removed device's name; another person's device is left alone. */
export async function removeDevice(push: PushPart, memberId: string, deviceId: string): Promise<string | undefined> {
  return looksLikeDeviceId(deviceId) ? push.removeDevice(memberId, deviceId) : undefined;
}

/** The token came inside the alert's encrypted payload. */
export const ReceiptForm = z.object({
  e: z.string().regex(/^[0-9a-f-]{36}$/i),
  d: z.string().refine(looksLikeDeviceId),
  t: z.string().regex(/^[A-Za-z0-9_-]{32}$/),
});

/** A token not the one put in that device's alert (forged, or another's device) is refused, writing nothing. */
export async function acceptReceipt(
  push: PushPart,
  keys: PushKeys,
  receipt: z.output<typeof ReceiptForm>,
): Promise<"confirmed" | "repeated" | "refused"> {
  if (!receiptValid(keys, receipt.e, receipt.d, receipt.t)) return "refused";
  const test = testAlertSent(receipt.e, Date.now());
  if (test === false) return "refused";
  if (test) return (await push.confirmTest(receipt.d, test)) ? "confirmed" : "repeated";
  return (await push.confirmSend(receipt.e, receipt.d)) ? "confirmed" : "repeated";
}

export async function testDevice(
  push: Pick<PushPart, "deviceOf"> & AlertRows,
  memberId: string,
  deviceId: string,
  keys: PushKeys,
  settings: { subject: string; services: readonly PushService[]; timeoutMs: number },
): Promise<{ name: string; sent: TestAlertOutcome } | undefined> {
  if (!looksLikeDeviceId(deviceId)) return undefined;
  const target = await push.deviceOf(memberId, deviceId);
  if (!target) return undefined;
  return { name: target.name, sent: await sendTestAlert(push, target, keys, { ...settings, url: STAFF_PATHS.alerts }) };
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
  push: PushPart,
  input: z.output<typeof RenewalForm>,
  services: readonly PushService[],
): Promise<RenewOutcome> {
  const url = checkEndpoint(input.endpoint, services);
  if (typeof url === "string") return { ok: false, reason: url };
  const old = URL.canParse(input.old) ? new URL(input.old).href : "";
  const renewed = {
    href: url.href,
    p256dh: input.p256dh.toString("base64url"),
    auth: input.auth.toString("base64url"),
  };
  return push.renewDevice(old, input.oldAuth, renewed).catch((error: unknown) => {
    // The same browser turned on again at the same moment: the other request's row stands.
    if (isUniqueViolation(error)) return { ok: false, reason: "conflict" } as const;
    throw error;
  });
}
