import type { DeliveryChannel, Verdict } from "../transport.server";
import { postJson, providerFault } from "../transport.server";
import { cut, enquiryMessage, type EnquiryMessage } from "./message.server";

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The visitor's words go in plain_text; the top-level `text` is parsed for `<!channel>` whatever `mrkdwn` says: escaped. */
export function slackMessage(m: EnquiryMessage) {
  const plain = (text: string, max: number) => ({ type: "plain_text", text: cut(text, max), emoji: false });
  return {
    text: escape(cut(`New enquiry: ${m.category} from ${m.name}`, 300)),
    mrkdwn: false,
    unfurl_links: false,
    unfurl_media: false,
    blocks: [
      { type: "header", text: plain(`New enquiry: ${m.category}`, 150) },
      { type: "section", text: plain(m.name, 3000) },
      {
        type: "section",
        text: {
          type: "mrkdwn",
          text: `Reply: <mailto:${escape(encodeURI(m.email))}|${escape(m.email)}>  ·  <tel:${m.dial}|${escape(m.phone)}>`,
        },
      },
      ...(m.detailsLine ? [{ type: "section", text: plain(m.detailsLine, 3000) }] : []),
      ...(m.sourceLine ? [{ type: "context", elements: [plain(m.sourceLine, 300)] }] : []),
      { type: "section", text: plain(m.message, 2900) },
      { type: "context", elements: [plain(`Language: ${m.language} · Page: ${m.page} · Ref ${m.reference}`, 300)] },
    ],
  };
}

export function judgeSlack(result: { status?: number; detail?: string }): Verdict {
  const text = result.detail ?? "";
  if (/no_service|no_active_hooks|no_team|team_disabled/.test(text) || result.status === 404)
    return {
      kind: "give-up",
      fix: "The Slack webhook was removed: make a new incoming webhook, set SLACK_WEBHOOK_URL, restart, then `npm run outbox -- retry --failed --channel slack`.",
    };
  if (/invalid_token|action_prohibited|posting_to_general_channel_denied/.test(text) || result.status === 403)
    return {
      kind: "give-up",
      fix: "Slack refuses this webhook (revoked or not allowed to post there): make a new one, set SLACK_WEBHOOK_URL, restart, then retry the channel.",
    };
  if (/channel_is_archived|channel_not_found/.test(text) || result.status === 410)
    return {
      kind: "give-up",
      fix: "The Slack channel is archived or gone: point the webhook at a live channel (a new webhook), then retry the channel.",
    };
  const provider = providerFault(result);
  if (provider) return provider;
  if (result.status === 400)
    return {
      kind: "give-up",
      fix: `Slack refused the message (${text.slice(0, 60)}): report it to the site's developers.`,
    };
  return { kind: "retry" };
}

export function slackChannel(
  url: string,
  { timeoutMs, intervalMs = 1_000 }: { timeoutMs: number; intervalMs?: number },
): DeliveryChannel {
  return {
    name: "slack",
    intervalMs,
    send: (delivery) => postJson(url, slackMessage(enquiryMessage(delivery)), { timeoutMs }),
    judge: judgeSlack,
    giveUpFix: (ms) =>
      `Slack still failing after ${Math.round(ms / 3_600_000)} h: check status.slack.com and the webhook, then retry the channel.`,
  };
}
