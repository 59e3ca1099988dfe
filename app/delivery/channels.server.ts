import { CONFIRMATION_CHANNEL, type ConfirmationRule } from "~/store/accepted-deliveries.server";
import { BOOKING_CHANNEL } from "~/store/inbox-booking.server";
import { REPLY_CHANNEL } from "~/store/inbox-reply.server";
import { PUSH_CHANNEL, type PushKeys } from "~/store/push.server";
import { contactDetailsFrom, emailJsConfigFrom, type Env } from "~/utils/env-schema.server";
import { liveContact } from "~/utils/live-contact.server";
import { discordChannel } from "./channels/discord.server";
import { pushChannel, type AlertRows } from "./channels/push.server";
import { pushSettingsFrom } from "./channels/push-settings.server";
import { slackChannel } from "./channels/slack.server";
import { telegramChannel } from "./channels/telegram.server";
import { webhookChannel } from "./channels/webhook.server";
import { bookingChannel, type BookingRows } from "./booking.server";
import { confirmationChannel } from "./confirmation.server";
import { replyChannel, type ReplyRows } from "./reply.server";
import { emailJsChannel } from "./emailjs.server";
import type { DeliveryChannel } from "./transport.server";

/** What a channel with state of its own reaches (push: its part, asked at each send; the keys); none: left out. */
export type ChannelStore = {
  push: () => AlertRows;
  pushKeys: () => Promise<PushKeys>;
  bookings?: () => BookingRows & ReplyRows;
};

export function configuredChannels(env: Env, store?: ChannelStore): DeliveryChannel[] {
  const timeoutMs = env.DELIVERY_TIMEOUT_MS;
  const emailJs = emailJsConfigFrom(env);
  const push = pushSettingsFrom(env);
  return [
    emailJs && emailJsChannel(emailJs, { timeoutMs, intervalMs: env.EMAILJS_MIN_INTERVAL_MS }),
    emailJs?.confirmationTemplateId &&
      confirmationChannel(
        { ...emailJs, confirmationTemplateId: emailJs.confirmationTemplateId },
        () => liveContact() ?? contactDetailsFrom(env),
        { timeoutMs, intervalMs: env.EMAILJS_MIN_INTERVAL_MS },
      ),
    env.SLACK_WEBHOOK_URL && slackChannel(env.SLACK_WEBHOOK_URL, { timeoutMs }),
    env.DISCORD_WEBHOOK_URL && discordChannel(env.DISCORD_WEBHOOK_URL, { timeoutMs }),
    env.TELEGRAM_BOT_TOKEN &&
      env.TELEGRAM_CHAT_ID &&
      telegramChannel(
        { apiUrl: env.TELEGRAM_API_URL, token: env.TELEGRAM_BOT_TOKEN, chatId: env.TELEGRAM_CHAT_ID },
        { timeoutMs },
      ),
    env.WEBHOOK_URL &&
      env.WEBHOOK_SECRET &&
      webhookChannel({ url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET }, { timeoutMs }),
    store?.bookings &&
      bookingChannel(
        emailJs?.bookingTemplateId ? { ...emailJs, bookingTemplateId: emailJs.bookingTemplateId } : undefined,
        store.bookings,
        () => liveContact() ?? contactDetailsFrom(env),
        { timeoutMs, intervalMs: env.EMAILJS_MIN_INTERVAL_MS },
      ),
    store?.bookings &&
      replyChannel(
        emailJs?.replyTemplateId ? { ...emailJs, replyTemplateId: emailJs.replyTemplateId } : undefined,
        store.bookings,
        () => liveContact() ?? contactDetailsFrom(env),
        { timeoutMs, intervalMs: env.EMAILJS_MIN_INTERVAL_MS },
      ),
    push.enabled &&
      store &&
      pushChannel({
        alerts: store.push,
        keys: store.pushKeys,
        subject: push.subject,
        services: push.services,
        timeoutMs: push.timeoutMs,
      }),
  ].filter((channel): channel is DeliveryChannel => Boolean(channel));
}

/** An accepted enquiry's rows (store/accepted-deliveries.server.ts): each team channel's, confirmation's, push's. */
export function deliveryRows(env: Env, channels: readonly DeliveryChannel[]) {
  const names = channels.map((c) => c.name);
  return {
    // The desk's rows (a booking, a reply) are made when the desk writes, never at the accept.
    channels: names.filter(
      (name) => ![CONFIRMATION_CHANNEL, PUSH_CHANNEL, BOOKING_CHANNEL, REPLY_CHANNEL].includes(name),
    ),
    confirmation: confirmationRule(env),
    push: names.includes(PUSH_CHANNEL),
  };
}

export function confirmationRule(env: Env): ConfirmationRule | undefined {
  if (!emailJsConfigFrom(env)?.confirmationTemplateId) return undefined;
  return { perAddressDay: env.CONFIRMATION_MAX_PER_ADDRESS_DAY, perDay: env.CONFIRMATION_MAX_PER_DAY };
}

/** Named for the privacy notice. */
export function teamChannels(env: Env): string[] {
  return [
    env.SLACK_WEBHOOK_URL && "Slack (slack.com)",
    env.DISCORD_WEBHOOK_URL && "Discord (discord.com)",
    env.TELEGRAM_BOT_TOKEN && env.TELEGRAM_CHAT_ID && "Telegram (telegram.org)",
    env.WEBHOOK_URL && "our own systems (a webhook)",
  ].filter((name): name is string => Boolean(name));
}
