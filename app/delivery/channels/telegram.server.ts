import type { DeliveryChannel, Verdict } from "../transport.server";
import { postJson, providerFault } from "../transport.server";
import { cut, enquiryMessage, type EnquiryMessage } from "./message.server";

/** core.telegram.org/bots/api#html-style */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
/** A zero-width non-joiner after a word's `/` or `@`: no bot command or mention in the visitor's words. */
const words = (text: string) => html(text).replace(/(^|[\s(])([/@])/g, "$1$2\u200c");

export function telegramMessage(m: EnquiryMessage, chatId: string) {
  const details = m.detailsLine ? `${words(m.detailsLine)}\n` : "";
  const source = m.sourceLine ? `<i>${words(m.sourceLine)}</i>\n` : "";
  const head = `<b>New enquiry:</b> ${words(m.category)}\n<b>${words(m.name)}</b>\n${html(m.email)} · ${html(m.phone)}\n${details}${source}\n`;
  // The page in code: a path after a space would otherwise be taken for a bot command.
  const foot = `\n\n<i>Language: ${m.language} · Ref ${m.reference} · Page:</i> <code>${html(m.page)}</code>`;
  return {
    chat_id: chatId,
    text: `${head}${words(cut(m.message, 3500))}${foot}`,
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
  };
}

export function judgeTelegram(result: { status?: number; detail?: string }): Verdict {
  const text = result.detail ?? "";
  if (result.status === 401)
    return {
      kind: "give-up",
      fix: "Telegram refuses the bot's token (revoked, or wrong): take the token from @BotFather, set TELEGRAM_BOT_TOKEN, restart, then `npm run outbox -- retry --failed --channel telegram`.",
    };
  if (result.status === 403)
    return {
      kind: "give-up",
      fix: "The bot was removed from the chat or blocked there: add it back (as a member who may post), then retry the channel.",
    };
  if (result.status === 400 && /chat not found|chat_id/i.test(text))
    return {
      kind: "give-up",
      fix: 'Telegram knows no such chat for this bot: check TELEGRAM_CHAT_ID (docs/operations.md, "Channels"), restart, then retry the channel.',
    };
  const provider = providerFault(result);
  if (provider) return provider;
  if (result.status === 400)
    return {
      kind: "give-up",
      fix: `Telegram refused the message (${text.slice(0, 60)}): report it to the site's developers.`,
    };
  return { kind: "retry" };
}

/** In a group Telegram allows 20 messages a minute; in a private chat one a second. */
const telegramInterval = (chatId: string) => (chatId.startsWith("-") ? 3_000 : 1_000);

export function telegramChannel(
  { apiUrl, token, chatId }: { apiUrl: string; token: string; chatId: string },
  { timeoutMs, intervalMs = telegramInterval(chatId) }: { timeoutMs: number; intervalMs?: number },
): DeliveryChannel {
  const url = `${apiUrl.replace(/\/+$/, "")}/bot${token}/sendMessage`;
  return {
    name: "telegram",
    intervalMs,
    send: (delivery) =>
      postJson(url, telegramMessage(enquiryMessage(delivery), chatId), {
        timeoutMs,
        ok: (status, text) => status === 200 && /"ok"\s*:\s*true/.test(text),
      }).then((result) => (result.ok ? result : { ...result, detail: result.detail?.replaceAll(token, "<token>") })),
    judge: judgeTelegram,
    giveUpFix: (ms) =>
      `Telegram still failing after ${Math.round(ms / 3_600_000)} h: check the bot and the chat, then retry the channel.`,
  };
}
