import { Webhook } from "standardwebhooks";
import type { DeliveryChannel, Verdict } from "../transport.server";
import { postJson, providerFault } from "../transport.server";
import { enquiryMessage, type EnquiryMessage } from "./message.server";

/** Version 1 (docs/operations.md, "Channels"): fields are only ever added. */
function webhookBody(m: EnquiryMessage) {
  return {
    type: "enquiry.received",
    version: 1,
    timestamp: m.receivedAt,
    data: {
      id: m.id,
      reference: m.reference,
      receivedAt: m.receivedAt,
      category: m.category,
      name: m.name,
      email: m.email,
      phone: m.phone,
      message: m.message,
      ...Object.fromEntries(m.details.map((d) => [d.key, d.value])),
      language: m.language,
      page: m.page,
      source: m.source ?? null,
    },
  };
}

/** Standard Webhooks, by its reference library; the id is the enquiry's, so a receiver can drop a retry's copy. */
export function signedWebhook(secret: string, delivery: Parameters<DeliveryChannel["send"]>[0], at = new Date()) {
  const id = `msg_${delivery.id}`;
  const body = JSON.stringify(webhookBody(enquiryMessage(delivery)));
  const timestamp = Math.floor(at.getTime() / 1000);
  const signature = new Webhook(secret).sign(id, new Date(timestamp * 1000), body);
  return {
    body,
    headers: { "webhook-id": id, "webhook-timestamp": String(timestamp), "webhook-signature": signature },
  };
}

export function judgeWebhook(result: { status?: number; detail?: string }): Verdict {
  const status = result.status;
  const provider = providerFault(result);
  if (provider) return provider;
  if (status === 404 || status === 410)
    return {
      kind: "give-up",
      fix: "The webhook's address is gone (404/410): set WEBHOOK_URL to the receiver's current address, restart, then `npm run outbox -- retry --failed --channel webhook`.",
    };
  if (status === 401 || status === 403)
    return {
      kind: "give-up",
      fix: "The receiver refuses the signature: give it the same secret as WEBHOOK_SECRET, then retry the channel.",
    };
  return {
    kind: "give-up",
    fix: `The receiver refused the enquiry (${status}): check what it expects (docs/operations.md, "Channels", the signed webhook), then retry the channel.`,
  };
}

export function webhookChannel(
  { url, secret }: { url: string; secret: string },
  { timeoutMs, intervalMs = 200 }: { timeoutMs: number; intervalMs?: number },
): DeliveryChannel {
  return {
    name: "webhook",
    intervalMs,
    send: (delivery) => {
      const { body, headers } = signedWebhook(secret, delivery);
      return postJson(url, body, { timeoutMs, headers });
    },
    judge: judgeWebhook,
    giveUpFix: (ms) =>
      `The webhook still failing after ${Math.round(ms / 3_600_000)} h: check the receiver, then retry the channel.`,
  };
}
