// A desk reply to the visitor: through EmailJS's reply template, or kept in the outbox stand-in when there is none.
// One unsent reply at a time per enquiry (app/store/inbox-reply.server.ts), marked sent after the provider's yes.
import type { ContactDetails } from "~/content/site";
import type { Reply } from "~/store/inbox-reply.server";
import { REPLY_CHANNEL } from "~/store/inbox-reply.server";
import type { EmailJsConfig } from "~/utils/env.server";
import { inertName } from "./confirmation.server";
import { EMAILJS_PACING, postEmailJs } from "./emailjs.server";
import { judgeEmailJs } from "./retry-policy.server";
import type { DeliveryChannel } from "./transport.server";

export type ReplyRows = {
  unsentReply(id: string): Promise<Reply | undefined>;
  markReplySent(replyId: number, via: string): Promise<number>;
};

export function replyChannel(
  config: (EmailJsConfig & { replyTemplateId: string }) | undefined,
  rows: () => ReplyRows,
  contact: () => ContactDetails,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
): DeliveryChannel {
  return {
    name: REPLY_CHANNEL,
    pacing: config ? EMAILJS_PACING : undefined,
    intervalMs: config ? intervalMs : 0,
    async send(delivery) {
      const reply = await rows().unsentReply(delivery.id);
      if (!reply) return { ok: true, status: 208 };
      if (config) {
        const form = new FormData();
        const variables: Record<string, string> = {
          to_email: delivery.enquiry.email.trim(),
          to_name: inertName(delivery.enquiry.name),
          reply_to: contact().email,
          subject: reply.subject,
          text: reply.body,
          reference: delivery.reference ?? "",
          language: delivery.enquiry.language ?? "en",
        };
        for (const [key, value] of Object.entries(variables)) form.set(key, value);
        const result = await postEmailJs(config, config.replyTemplateId, form, { timeoutMs });
        if (!result.ok) return result;
      }
      await rows().markReplySent(reply.id, config ? "emailjs" : "outbox");
      return { ok: true, status: 200 };
    },
    judge: judgeEmailJs,
    giveUpFix: (ms) =>
      `Still failing after ${Math.round(ms / 3_600_000)} h: check EmailJS's status, the account and the reply template (EMAILJS_REPLY_TEMPLATE_ID), then \`npm run outbox -- retry --failed\`.`,
  };
}
