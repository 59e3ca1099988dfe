import type { DeliveryChannel, Verdict } from "../transport.server";
import { postJson, providerFault } from "../transport.server";
import { cut, enquiryMessage, type EnquiryMessage } from "./message.server";

const escape = (text: string) => text.replace(/[\\*_~`|>#\-[\]()<@:!+.]/g, "\\$&");

/** Mentions off for everyone; Discord makes no mailto: or tel: links, so the e-mail and phone are for copying. */
export function discordMessage(m: EnquiryMessage) {
  const head = [
    `**New enquiry:** ${escape(m.category)}`,
    `**${escape(m.name)}**`,
    `E-mail: ${escape(m.email)} · Phone: ${escape(m.phone)}`,
    ...(m.detailsLine ? [escape(m.detailsLine)] : []),
    ...(m.sourceLine ? [escape(m.sourceLine)] : []),
  ].join("\n");
  const foot = `Language: ${m.language} · Page: ${escape(m.page)} · Ref ${m.reference}`;
  const room = 2000 - [...head].length - [...foot].length - 2;
  return {
    content: `${head}\n${cutEscaped(m.message, room)}\n${foot}`,
    allowed_mentions: { parse: [] },
    flags: 4,
  };
}

/** Cut before escaping, so no escape is split. */
function cutEscaped(text: string, room: number): string {
  let max = room;
  let out = escape(cut(text, max));
  while ([...out].length > room && max > 0) out = escape(cut(text, (max = Math.floor(max * 0.9))));
  return out;
}

export function judgeDiscord(result: { status?: number; detail?: string }): Verdict {
  if (result.status === 404 || /Unknown Webhook/i.test(result.detail ?? ""))
    return {
      kind: "give-up",
      fix: "The Discord webhook was deleted: make a new one (channel → Integrations → Webhooks), set DISCORD_WEBHOOK_URL, restart, then `npm run outbox -- retry --failed --channel discord`.",
    };
  if (result.status === 401 || result.status === 403)
    return {
      kind: "give-up",
      fix: "Discord refuses this webhook's token: copy the webhook's URL again into DISCORD_WEBHOOK_URL, restart, then retry the channel.",
    };
  const provider = providerFault(result);
  if (provider) return provider;
  if (result.status === 400)
    return {
      kind: "give-up",
      fix: `Discord refused the message (${(result.detail ?? "").slice(0, 60)}): report it to the site's developers.`,
    };
  return { kind: "retry" };
}

export function discordChannel(
  url: string,
  { timeoutMs, intervalMs = 500 }: { timeoutMs: number; intervalMs?: number },
): DeliveryChannel {
  return {
    name: "discord",
    intervalMs,
    send: (delivery) => postJson(url, discordMessage(enquiryMessage(delivery)), { timeoutMs }),
    judge: judgeDiscord,
    giveUpFix: (ms) =>
      `Discord still failing after ${Math.round(ms / 3_600_000)} h: check discordstatus.com and the webhook, then retry the channel.`,
  };
}
