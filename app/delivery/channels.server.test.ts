import { describe, expect, it } from "vitest";
import { parseEnv } from "~/utils/env-schema.server";
import { configuredChannels, deliveryRows, teamChannels } from "./channels.server";

const TELEGRAM = { TELEGRAM_BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345678", TELEGRAM_CHAT_ID: "-1001234" };

describe("the channels the configuration switches on", () => {
  it("none by default: enquiries are only stored", () => {
    expect(configuredChannels(parseEnv({}))).toEqual([]);
  });

  it("Telegram alone, without EmailJS: a business may use only Telegram (paced for a group)", () => {
    const channels = configuredChannels(parseEnv(TELEGRAM));
    expect(channels.map((c) => [c.name, c.intervalMs])).toEqual([["telegram", 3_000]]);
    expect(teamChannels(parseEnv(TELEGRAM))).toEqual(["Telegram (telegram.org)"]);
  });

  it("every one, e-mail first", () => {
    const env = parseEnv({
      EMAILJS_SERVICE_ID: "s",
      EMAILJS_TEMPLATE_ID: "t",
      EMAILJS_PUBLIC_KEY: "p",
      SLACK_WEBHOOK_URL: "https://hooks.slack.com/services/T/B/x",
      DISCORD_WEBHOOK_URL: "https://discord.com/api/webhooks/1/x",
      ...TELEGRAM,
      WEBHOOK_URL: "http://127.0.0.1:9000/hook",
      WEBHOOK_SECRET: `whsec_${Buffer.from("a secret of thirty-two bytes!!!!").toString("base64")}`,
    });
    expect(configuredChannels(env).map((c) => c.name)).toEqual(["email", "slack", "discord", "telegram", "webhook"]);
  });

  it("the desk's booking and reply channels always run (EmailJS or the stand-in), and get no row at the accept", () => {
    const store = { push: () => ({}) as never, pushKeys: async () => ({}) as never, bookings: () => ({}) as never };
    const env = parseEnv(TELEGRAM);
    const channels = configuredChannels(env, store);
    expect(channels.map((c) => c.name)).toEqual(["telegram", "booking", "reply", "push"]);
    expect(deliveryRows(env, channels).channels).toEqual(["telegram"]);
  });

  it.each([
    [{ SLACK_WEBHOOK_URL: "http://hooks.slack.com/services/x" }, /SLACK_WEBHOOK_URL.*https/],
    [{ DISCORD_WEBHOOK_URL: "not a url" }, /DISCORD_WEBHOOK_URL/],
    [{ TELEGRAM_BOT_TOKEN: TELEGRAM.TELEGRAM_BOT_TOKEN }, /TELEGRAM_CHAT_ID.*go together/],
    [{ TELEGRAM_CHAT_ID: "42" }, /TELEGRAM_BOT_TOKEN.*go together/],
    [{ TELEGRAM_BOT_TOKEN: "nope", TELEGRAM_CHAT_ID: "42" }, /TELEGRAM_BOT_TOKEN.*BotFather/],
    [{ WEBHOOK_URL: "https://crm.example/hook" }, /WEBHOOK_SECRET.*go together/],
    [{ WEBHOOK_URL: "https://crm.example/hook", WEBHOOK_SECRET: "plain-secret" }, /WEBHOOK_SECRET.*whsec_/],
  ])("refuses %j with one message naming no value", (env, message) => {
    expect(() => parseEnv(env)).toThrow(message);
    try {
      parseEnv(env);
    } catch (error) {
      for (const value of Object.values(env)) expect(String(error)).not.toContain(value);
    }
  });
});
