import http from "node:http";
import https from "node:https";
import { ALERTS } from "~/i18n/alerts";
import { CONTACT } from "~/i18n/contact";
import { detailText } from "~/i18n/detail-text";
import { sourceLine } from "~/i18n/sources";
import { LOCALES, type Locale } from "~/i18n/locale";
import { PUSH_CHANNEL, receiptToken, testAlertId, type PushKeys, type AlertDevice } from "~/store/push.server";
import type { PushPart } from "~/store/push-part.server";
import type { Delivery } from "~/store/store.server";
import { loadLater } from "~/utils/load-later.server";
import { log } from "~/utils/log.server";
import { pushSends } from "~/utils/metrics.server";
import { checkEndpoint, publicOnlyLookup, type PushService } from "~/utils/push-services.server";
import type { DeliveryChannel, SendResult } from "../transport.server";
import { providerFault, retryAfterMs } from "../transport.server";

/** A phone off all night and the next day: the push service drops it; the desk has the enquiry anyway. */
const PUSH_TTL_SECONDS = 86_400;
/** A test a phone shows hours later tests nothing (its receipt would be refused anyway). */
const TEST_TTL_SECONDS = 600;
/** RFC 8291 allows about 4 KB, but some services refuse more than 2 KB after encryption. */
const MAX_PAYLOAD_BYTES = 1_000;

const localeOf = (language: string): Locale =>
  (LOCALES as readonly string[]).includes(language) ? (language as Locale) : "en";

/** What every alert carries: its words, where a tap leads, and the receipt only this server can make. */
function alertPayload(
  id: string,
  deviceId: string,
  keys: PushKeys,
  shown: { title: string; body: string; tag: string; url: string },
) {
  const text = JSON.stringify({ v: 1, ...shown, receipt: { e: id, d: deviceId, t: receiptToken(keys, id, deviceId) } });
  if (Buffer.byteLength(text) > MAX_PAYLOAD_BYTES) throw new Error("push payload over its bound");
  return text;
}

/** 404/410: the subscription has ended, and the device goes at once. */
async function goneDevice(alerts: AlertRows, deviceId: string, result: SendResult): Promise<boolean> {
  if (result.ok || (result.status !== 404 && result.status !== 410)) return false;
  await alerts.removeGoneDevice(deviceId, result.status);
  pushSends.inc({ result: "gone" });
  return true;
}

/** The source fits the payload's bound whatever its campaign: the line is cut, never the alert. */
function pushSource(source: Delivery["enquiry"]["source"], locale: Locale): string {
  const line = sourceLine(source, locale);
  if (!line) return "";
  const cut = line.length > 80 ? `${line.slice(0, 79)}…` : line;
  return `${cut[0]!.toUpperCase()}${cut.slice(1)}.`;
}

/** No name, e-mail, phone or message: a lock screen is read over shoulders. */
function pushPayload(delivery: Delivery, deviceId: string, language: string, keys: PushKeys) {
  const locale = localeOf(language);
  const t = ALERTS[locale].notification;
  const e = delivery.enquiry;
  const categories: Partial<Record<string, string>> = CONTACT[locale].categories;
  const service = e.category && e.category !== "other" ? (categories[e.category] ?? e.category) : undefined;
  const day = e.event_date ? t.day(detailText("event_date", e.event_date, locale)) : "";
  return alertPayload(delivery.id, deviceId, keys, {
    title: (service ? t.titleFor(service) : t.title).slice(0, 120),
    body: [day, pushSource(e.source, locale), t.open].filter(Boolean).join(" "),
    tag: delivery.reference ?? delivery.id,
    url: `/staff/inbox/${delivery.id}`,
  });
}

/** What the channel reads and writes: a row per device for each alert, the device a 404/410 removes. */
export type AlertRows = Pick<
  PushPart,
  "pendingAlerts" | "alertStarting" | "noteAlert" | "noteReached" | "removeGoneDevice"
>;

export type PushChannelOptions = {
  /** Read at each send: the wiring makes the channels before the store they write to. */
  alerts: () => AlertRows;
  keys: () => Promise<PushKeys>;
  subject: string;
  services: readonly PushService[];
  timeoutMs: number;
  now?: () => number;
};

// Loaded at the first alert: 0.05 CPU-s that a server without push devices never spends.
const webPush = loadLater(() => import("web-push").then((module) => module.default));

/** Sent here, not by web-push's sender, so it follows no redirect and never resolves a listed name to a private address. */
async function callPushService(
  device: AlertDevice,
  payload: string,
  topic: string,
  keys: PushKeys,
  { subject, timeoutMs, ttl = PUSH_TTL_SECONDS }: Pick<PushChannelOptions, "subject" | "timeoutMs"> & { ttl?: number },
): Promise<SendResult> {
  const request = (await webPush()).generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    payload,
    {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      TTL: ttl,
      urgency: "high",
      topic,
      contentEncoding: "aes128gcm",
    },
  );
  const url = new URL(device.endpoint);
  const transport = url.protocol === "http:" ? http : https;
  return new Promise<SendResult>((resolve) => {
    const req = transport.request(
      url,
      {
        method: "POST",
        headers: request.headers as Record<string, string>,
        lookup: publicOnlyLookup() as never,
        timeout: timeoutMs,
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (text.length < 300) text += chunk;
        });
        res.on("end", () => {
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300) return resolve({ ok: true, status });
          const headers = new Headers();
          const after = res.headers["retry-after"];
          if (typeof after === "string") headers.set("retry-after", after);
          resolve({
            ok: false,
            reason: `http_${status}`,
            status,
            detail: text.slice(0, 300),
            retryAfterMs: retryAfterMs(headers),
          });
        });
      },
    );
    req.on("timeout", () => req.destroy(Object.assign(new Error("push service timeout"), { name: "TimeoutError" })));
    req.on("error", (error) =>
      resolve({
        ok: false,
        reason: error.name === "TimeoutError" ? "timeout" : "network",
        detail: error.message.slice(0, 300),
      }),
    );
    req.end(request.body);
  });
}

export type TestAlertOutcome = { outcome: "sent" | "gone" } | { outcome: "failed"; reason: string };

/** A test alert, sent now (not queued: it promises nothing a retry would keep) so its person sees
 * the push service's answer; its receipt, like an enquiry's, says the device showed it. */
export async function sendTestAlert(
  alerts: AlertRows,
  device: AlertDevice,
  keys: PushKeys,
  options: Pick<PushChannelOptions, "subject" | "services" | "timeoutMs"> & { url: string; now?: number },
): Promise<TestAlertOutcome> {
  if (typeof checkEndpoint(device.endpoint, options.services) === "string")
    return { outcome: "failed", reason: "unknown-push-service" };
  const now = options.now ?? Date.now();
  const id = testAlertId(now);
  const t = ALERTS[localeOf(device.language)].notification.test;
  const payload = alertPayload(id, device.deviceId, keys, { ...t, tag: "test-alert", url: options.url });
  const result = await callPushService(device, payload, "test-alert", keys, { ...options, ttl: TEST_TTL_SECONDS });
  if (result.ok) {
    await alerts.noteReached(device.deviceId, new Date(now).toISOString());
    pushSends.inc({ result: "sent" });
    return { outcome: "sent" };
  }
  if (await goneDevice(alerts, device.deviceId, result)) return { outcome: "gone" };
  log("warn", "push.test_failed", { device: device.deviceId, reason: result.reason, providerText: result.detail });
  return { outcome: "failed", reason: result.reason };
}

const worse = (a: SendResult | undefined, b: Extract<SendResult, { ok: false }>) =>
  !a || a.ok || (b.retryAfterMs ?? 0) > (a.retryAfterMs ?? 0) ? b : a;

/** Decision 0039: one `push` delivery per enquiry, sent device by device; a device's 404/410 removes it, its 429/5xx
 * backs the channel off for those devices only. */
export function pushChannel(options: PushChannelOptions): DeliveryChannel {
  const now = options.now ?? (() => Date.now());
  return {
    name: PUSH_CHANNEL,
    // Push services publish no rate; the pace only keeps a burst from being one storm.
    intervalMs: 50,
    async send(delivery) {
      const alerts = options.alerts();
      const keys = await options.keys();
      const devices = await alerts.pendingAlerts(delivery.id);
      let fault: SendResult | undefined;
      let sent = 0;
      const topic = (delivery.reference ?? delivery.id.replace(/-/g, "")).slice(0, 32);
      for (const device of devices) {
        const at = () => new Date(now()).toISOString();
        const base = { id: delivery.id, channel: PUSH_CHANNEL, device: device.deviceId };
        if (typeof checkEndpoint(device.endpoint, options.services) === "string") {
          await alerts.noteAlert(delivery.id, device.deviceId, "refused", undefined, at());
          pushSends.inc({ result: "refused" });
          log("warn", "push.refused", { ...base, reason: "unknown-push-service" });
          continue;
        }
        if (device.sendingSince)
          log("warn", "push.resending", {
            ...base,
            sendingSince: device.sendingSince,
            message: "a call to this device was in flight when a process stopped: it may show the alert twice",
          });
        await alerts.alertStarting(delivery.id, device.deviceId, at());
        const payload = pushPayload(delivery, device.deviceId, device.language, keys);
        const result = await callPushService(device, payload, topic, keys, options);
        if (result.ok) {
          sent++;
          await alerts.noteAlert(delivery.id, device.deviceId, "sent", result.status, at());
          pushSends.inc({ result: "sent" });
          continue;
        }
        if (await goneDevice(alerts, device.deviceId, result)) {
          log("info", "push.device_gone", { ...base, status: result.status });
          continue;
        }
        if (providerFault(result)) {
          await alerts.noteAlert(delivery.id, device.deviceId, "pending", result.status, at());
          pushSends.inc({ result: "retry" });
          fault = worse(fault, result);
          continue;
        }
        // 401/403: our signature refused (the keys changed since it subscribed); retrying cannot fix this alert.
        await alerts.noteAlert(delivery.id, device.deviceId, "refused", result.status, at());
        pushSends.inc({ result: "refused" });
        log("warn", "push.refused", { ...base, status: result.status, providerText: result.detail });
      }
      if (fault) return fault;
      return { ok: true, status: sent ? 201 : 204 };
    },
    judge: (result) => providerFault(result) ?? { kind: "retry" },
    giveUpFix: (ms) =>
      `Alerts to staff phones still failing after ${Math.round(ms / 3_600_000)} h (their push service): the enquiries are on the desk; \`npm run outbox -- retry --failed --channel push\` tries the devices not reached.`,
  };
}
