import { http, HttpResponse } from "msw";
import { Webhook } from "standardwebhooks";
import { describe, expect, it, vi } from "vitest";
import type { Delivery } from "~/store/store.server";
import { deliveryTestbed, enquiry, sqliteStore } from "../../../tests/support/delivery-testbed";
import { emailJsChannel } from "../emailjs.server";
import { startDelivery } from "../worker.server";
import { CONFIG } from "../../../tests/support/delivery-testbed";
import { discordChannel, discordMessage, judgeDiscord } from "./discord.server";
import { CUT_MARKER, enquiryMessage } from "./message.server";
import { judgeSlack, slackChannel, slackMessage } from "./slack.server";
import { judgeTelegram, telegramChannel, telegramMessage } from "./telegram.server";
import { judgeWebhook, signedWebhook, webhookChannel } from "./webhook.server";

const bed = deliveryTestbed();

const delivery = (message: string, overrides: Partial<Delivery["enquiry"]> = {}): Delivery => ({
  id: "6f1c2a3b-0000-4000-8000-000000000001",
  reference: "K7QX-M4TP",
  receivedAt: "2026-11-24T02:00:00.000Z",
  enquiry: { ...enquiry(message), language: "hr", ...overrides },
  attempts: [],
  state: "pending",
  channel: "slack",
});

const HOSTILE = [
  "@everyone @here free bottles!",
  "<!channel> <!here> <!everyone> <@U024BE7LH> <#C024BE7LH>",
  "<https://evil.example|Click to confirm your booking>",
  "[Confirm your booking](https://evil.example) ||spoiler|| ~~gone~~ **bold** __u__",
  '<b>bold</b><a href="https://evil.example">link</a></code></pre><script>x</script>',
  "`code` ```block``` > quote\n# header\n- list\n1. item",
  "/start /help@SomeBot <t:1700000000:R> :smile: &amp; &lt;",
];

describe("Slack's message", () => {
  it("is short and useful, with the visitor's words as plain text and tap-able reply links", () => {
    const body = slackMessage(enquiryMessage(delivery("A table for six on Saturday, please.")));
    expect(body).toEqual({
      text: "New enquiry: VIP Nightclub experience from Ana Horvat",
      mrkdwn: false,
      unfurl_links: false,
      unfurl_media: false,
      blocks: [
        { type: "header", text: { type: "plain_text", text: "New enquiry: VIP Nightclub experience", emoji: false } },
        { type: "section", text: { type: "plain_text", text: "Ana Horvat", emoji: false } },
        {
          type: "section",
          text: {
            type: "mrkdwn",
            text: "Reply: <mailto:ana@example.com|ana@example.com>  ·  <tel:+385912345678|+385 91 234 5678>",
          },
        },
        { type: "section", text: { type: "plain_text", text: "A table for six on Saturday, please.", emoji: false } },
        {
          type: "context",
          elements: [{ type: "plain_text", text: "Language: hr · Page: /hr/contact · Ref K7QX-M4TP", emoji: false }],
        },
      ],
    });
  });

  it.each(HOSTILE)("never turns the visitor's words into mentions, links or markup: %j", (hostile) => {
    const body = slackMessage(enquiryMessage(delivery(hostile, { name: hostile })));
    // The only mrkdwn is the reply line this server builds; everything typed is plain_text.
    const mrkdwn = body.blocks.filter((b) => "text" in b && b.text?.type === "mrkdwn");
    expect(mrkdwn).toHaveLength(1);
    expect(JSON.stringify(mrkdwn)).not.toContain(hostile.slice(0, 8));
    expect(body.mrkdwn).toBe(false);
    const typed = body.blocks.flatMap((b) => ("text" in b ? [b.text] : b.elements));
    for (const text of typed.filter((t) => t?.type === "plain_text")) expect(text).toMatchObject({ emoji: false });
    // The notification's text is parsed for <!channel> and <@U…> whatever mrkdwn says.
    expect(body.text).not.toMatch(/[<>]/);
    expect(body.text.replace(/&(amp|lt|gt);/g, "")).not.toContain("&");
  });

  it("escapes the notification's text: a visitor named <!channel> or <@U123> pings nobody", () => {
    const body = slackMessage(enquiryMessage(delivery("Hi", { name: "<!channel> & <@U123>" })));
    expect(body.text).toBe("New enquiry: VIP Nightclub experience from &lt;!channel&gt; &amp; &lt;@U123&gt;");
  });

  it("cuts a long message within Slack's limit, and says so", () => {
    const body = slackMessage(enquiryMessage(delivery("x".repeat(10_000))));
    const text = (body.blocks[3] as { text: { text: string } }).text.text;
    expect([...text].length).toBeLessThanOrEqual(2900);
    expect(text.endsWith(CUT_MARKER)).toBe(true);
  });
});

describe("Discord's message", () => {
  it("turns every mention off and escapes the visitor's markdown", () => {
    const body = discordMessage(enquiryMessage(delivery("A yacht for eight.")));
    expect(body.allowed_mentions).toEqual({ parse: [] });
    expect(body.flags).toBe(4);
    expect(body.content).toBe(
      "**New enquiry:** VIP Nightclub experience\n**Ana Horvat**\nE-mail: ana\\@example\\.com · Phone: \\+385 91 234 5678\nA yacht for eight\\.\nLanguage: hr · Page: /hr/contact · Ref K7QX-M4TP",
    );
  });

  it.each(HOSTILE)("leaves no mention, masked link or markup unescaped: %j", (hostile) => {
    const { content, allowed_mentions } = discordMessage(enquiryMessage(delivery(hostile, { name: hostile })));
    expect(allowed_mentions).toEqual({ parse: [] });
    const typed = content
      .split("\n")
      .slice(1, -1)
      .join("\n")
      .replace(/^\*\*|\*\*$/gm, "");
    expect(typed).not.toMatch(/(^|[^\\])[@<[\]*_~`|>#]/m);
    expect([...content].length).toBeLessThanOrEqual(2000);
  });

  it("stays within 2,000 characters, escapes included", () => {
    const { content } = discordMessage(enquiryMessage(delivery("*".repeat(5_000))));
    expect([...content].length).toBeLessThanOrEqual(2000);
    expect(content).toContain("\\[cut\\: the whole message");
  });
});

describe("Telegram's message", () => {
  it("is HTML with the visitor's words escaped, previews off, and the e-mail and phone for Telegram to link", () => {
    const body = telegramMessage(enquiryMessage(delivery("Boat on Friday <3 & more")), "-100123");
    expect(body).toEqual({
      chat_id: "-100123",
      parse_mode: "HTML",
      link_preview_options: { is_disabled: true },
      text: "<b>New enquiry:</b> VIP Nightclub experience\n<b>Ana Horvat</b>\nana@example.com · +385 91 234 5678\n\nBoat on Friday &lt;3 &amp; more\n\n<i>Language: hr · Ref K7QX-M4TP · Page:</i> <code>/hr/contact</code>",
    });
  });

  it.each(HOSTILE)("leaves no tag, command or mention of the visitor's: %j", (hostile) => {
    const { text } = telegramMessage(enquiryMessage(delivery(hostile, { name: hostile })), "42");
    const typed = text.replace(/<\/?(b|i)>|<code>\/hr\/contact<\/code>/g, "");
    expect(typed).not.toMatch(/</);
    expect(typed).not.toMatch(/(^|\s)\/[a-z]/im); // a command begins a word with /
    expect(typed).not.toMatch(/(^|\s)@[a-z]/im);
  });
});

describe("the signed webhook", () => {
  const secret = `whsec_${Buffer.from("0123456789abcdef0123456789abcdef").toString("base64")}`;

  it("verifies with the Standard Webhooks reference library, keeps its id across tries, and fails with a wrong secret or a stale timestamp", () => {
    const first = signedWebhook(secret, delivery("Signed"));
    const again = signedWebhook(secret, delivery("Signed"), new Date(Date.now() + 5_000));
    expect(again.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    expect(first.headers["webhook-id"]).toBe("msg_6f1c2a3b-0000-4000-8000-000000000001");
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({
      type: "enquiry.received",
      version: 1,
      data: { id: "6f1c2a3b-0000-4000-8000-000000000001", name: "Ana Horvat", message: "Signed", language: "hr" },
    });
    const wrong = `whsec_${Buffer.from("another secret, 32 bytes long!!").toString("base64")}`;
    expect(() => new Webhook(wrong).verify(first.body, first.headers)).toThrow();
    const stale = signedWebhook(secret, delivery("Signed"), new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(stale.body, stale.headers)).toThrow(/timestamp/i);
    expect(() => new Webhook(secret).verify(`${first.body} `, first.headers)).toThrow();
  });
});

describe("what retrying cannot fix", () => {
  it.each([
    ["Slack, a removed webhook", judgeSlack({ status: 404, detail: "no_service" }), /new incoming webhook/],
    ["Slack, a revoked token", judgeSlack({ status: 403, detail: "invalid_token" }), /SLACK_WEBHOOK_URL/],
    ["Slack, an archived channel", judgeSlack({ status: 410, detail: "channel_is_archived" }), /archived/],
    ["Discord, a deleted webhook", judgeDiscord({ status: 404, detail: '{"message": "Unknown Webhook"}' }), /deleted/],
    ["Discord, a bad token", judgeDiscord({ status: 401 }), /DISCORD_WEBHOOK_URL/],
    ["Telegram, a revoked token", judgeTelegram({ status: 401, detail: "Unauthorized" }), /BotFather/],
    ["Telegram, the bot removed", judgeTelegram({ status: 403, detail: "Forbidden: bot was kicked" }), /add it back/],
    [
      "Telegram, no such chat",
      judgeTelegram({ status: 400, detail: "Bad Request: chat not found" }),
      /TELEGRAM_CHAT_ID/,
    ],
    ["a webhook gone", judgeWebhook({ status: 410 }), /WEBHOOK_URL/],
    ["a webhook refusing the signature", judgeWebhook({ status: 401 }), /WEBHOOK_SECRET/],
  ])("%s fails the delivery, with its fix", (_, verdict, fix) => {
    expect(verdict).toMatchObject({ kind: "give-up", fix: expect.stringMatching(fix) });
  });

  it.each([
    ["Slack rate limited", judgeSlack({ status: 429, detail: "rate_limited" }), true],
    ["Slack unavailable", judgeSlack({ status: 503 }), true],
    ["Slack's internal error", judgeSlack({ status: 500, detail: "internal_error" }), false],
    ["Slack, no answer", judgeSlack({}), false],
    ["Discord rate limited", judgeDiscord({ status: 429 }), true],
    ["Discord's bad gateway", judgeDiscord({ status: 502 }), true],
    ["Telegram rate limited", judgeTelegram({ status: 429, detail: "Too Many Requests: retry after 1" }), true],
    ["Telegram, no answer", judgeTelegram({}), false],
    ["Telegram's internal error", judgeTelegram({ status: 500, detail: "Internal Server Error" }), false],
    ["a webhook's timeout", judgeWebhook({ status: 408 }), false],
    ["a webhook's 500", judgeWebhook({ status: 500 }), false],
    ["a webhook unavailable", judgeWebhook({ status: 503 }), true],
    ["a webhook, no answer", judgeWebhook({}), false],
  ])("%s is the provider's fault: the channel backs off", (_, verdict, unavailable) => {
    expect(verdict).toEqual({ kind: "provider", unavailable });
  });

  it.each([
    ["Slack, a payload too large", judgeSlack({ status: 413, detail: "request_too_large" })],
    ["Discord, a payload too large", judgeDiscord({ status: 413 })],
    ["Telegram, a conflict", judgeTelegram({ status: 409, detail: "Conflict" })],
  ])("%s is this message's own and may pass: it alone backs off", (_, verdict) => {
    expect(verdict).toEqual({ kind: "retry" });
  });

  it.each([
    ["Slack", judgeSlack({ status: 400, detail: "invalid_blocks" })],
    ["Discord", judgeDiscord({ status: 400, detail: '{"content": ["Must be 2000 or fewer in length."]}' })],
    ["Telegram", judgeTelegram({ status: 400, detail: "Bad Request: message is too long" })],
    ["a webhook", judgeWebhook({ status: 422 })],
  ])("%s refusing this message fails it, never the channel's outage", (_, verdict) => {
    expect(verdict.kind).toBe("give-up");
  });
});

const SLACK = "https://hooks.slack.test/services/T0/B0/secret";
const DISCORD = "https://discord.test/api/webhooks/1/token";
const TELEGRAM = "https://telegram.test";
const WEBHOOK = "https://crm.test/hooks/enquiries";
const secret = `whsec_${Buffer.from("webhook secret for the unit tests").toString("base64")}`;

function providers(answers: Partial<Record<string, () => Response>> = {}) {
  const received: Record<string, { at: number; body: string; headers: Headers }[]> = {
    slack: [],
    discord: [],
    telegram: [],
    webhook: [],
  };
  const answer =
    (name: string, ok: () => Response) =>
    async ({ request }: { request: Request }) => {
      received[name]!.push({ at: Date.now(), body: await request.text(), headers: request.headers });
      return (answers[name] ?? ok)();
    };
  bed.server.use(
    http.post(
      SLACK,
      answer("slack", () => new HttpResponse("ok")),
    ),
    http.post(
      DISCORD,
      answer("discord", () => new HttpResponse(null, { status: 204 })),
    ),
    http.post(
      `${TELEGRAM}/bot123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/sendMessage`,
      answer("telegram", () => HttpResponse.json({ ok: true })),
    ),
    http.post(
      WEBHOOK,
      answer("webhook", () => new HttpResponse(null, { status: 204 })),
    ),
  );
  return received;
}

const allChannels = (intervalMs = 0) => [
  emailJsChannel(CONFIG, { timeoutMs: 500, intervalMs }),
  slackChannel(SLACK, { timeoutMs: 500, intervalMs }),
  discordChannel(DISCORD, { timeoutMs: 500, intervalMs }),
  telegramChannel(
    { apiUrl: TELEGRAM, token: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", chatId: "42" },
    { timeoutMs: 500, intervalMs },
  ),
  webhookChannel({ url: WEBHOOK, secret }, { timeoutMs: 500, intervalMs }),
];
const NAMES = ["email", "slack", "discord", "telegram", "webhook"];

describe("the worker with every channel", () => {
  it("delivers each enquiry once through each channel, each paced on its own", async () => {
    const received = providers();
    const store = sqliteStore(`${bed.dir}/channels.db`, { channels: NAMES });
    for (const n of [1, 2, 3]) await store.store(enquiry(`Everywhere ${n}`));
    bed.delivery = startDelivery(bed.options({ store, channels: allChannels(100) }));
    await vi.waitFor(async () => expect((await store.counts()).delivered).toBe(15), { timeout: 8_000 });
    for (const name of ["slack", "discord", "telegram", "webhook"]) {
      expect(received[name], name).toHaveLength(3);
      const times = received[name]!.map((r) => r.at);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!, name).toBeGreaterThanOrEqual(95);
    }
    const webhookIds = received.webhook!.map((r) => r.headers.get("webhook-id"));
    expect(new Set(webhookIds).size).toBe(3);
    for (const r of received.webhook!)
      expect(new Webhook(secret).verify(r.body, Object.fromEntries(r.headers))).toMatchObject({
        type: "enquiry.received",
      });
    expect(await store.counts()).toMatchObject({
      channels: Object.fromEntries(NAMES.map((n) => [n, { pending: 0, failed: 0, delivered: 3 }])),
    });
    await store.close();
  });

  it("a channel that is down delays neither e-mail nor the others; it catches up when it is back", async () => {
    let slackDown = true;
    const received = providers({
      slack: () => (slackDown ? new HttpResponse("service unavailable", { status: 503 }) : new HttpResponse("ok")),
    });
    const store = sqliteStore(`${bed.dir}/down.db`, { channels: NAMES });
    for (const n of [1, 2, 3, 4]) await store.store(enquiry(`While Slack is down ${n}`));
    const started = Date.now();
    bed.delivery = startDelivery(
      bed.options({ store, channels: allChannels(50), backoff: { baseMs: 400, maxMs: 400 } }),
    );
    await vi.waitFor(
      async () => {
        const { channels } = await store.counts();
        for (const name of NAMES.filter((n) => n !== "slack")) expect(channels[name]?.delivered, name).toBe(4);
      },
      { timeout: 5_000 },
    );
    expect(Date.now() - started).toBeLessThan(2_500);
    expect((await store.counts()).channels.slack).toMatchObject({ delivered: 0, pending: 4 });
    // Slack's outage is Slack's: only the oldest probed it, the three behind it waited without calls.
    const message = (body: string) => /While Slack is down \d/.exec(body)?.[0];
    const during = received.slack!.map((r) => message(r.body));
    expect(during.length).toBeGreaterThan(0);
    expect(new Set(during)).toEqual(new Set(["While Slack is down 1"]));
    slackDown = false;
    await vi.waitFor(async () => expect((await store.counts()).channels.slack?.delivered).toBe(4), { timeout: 8_000 });
    expect(received.slack!.slice(during.length).map((r) => message(r.body))).toEqual(
      [1, 2, 3, 4].map((n) => `While Slack is down ${n}`),
    );
    await store.close();
  });

  it("honours a 429's retry hint, and sets aside what retrying cannot fix", async () => {
    let discordCalls = 0;
    providers({
      discord: () =>
        ++discordCalls === 1
          ? HttpResponse.json({ message: "You are being rate limited.", retry_after: 1.2 }, { status: 429 })
          : new HttpResponse(null, { status: 204 }),
      telegram: () => HttpResponse.json({ ok: false, error_code: 401, description: "Unauthorized" }, { status: 401 }),
    });
    const store = sqliteStore(`${bed.dir}/hints.db`, { channels: ["discord", "telegram"] });
    await store.store(enquiry("Rate limited once"));
    bed.delivery = startDelivery(
      bed.options({ store, channels: allChannels(0).filter((c) => ["discord", "telegram"].includes(c.name)) }),
    );
    await vi.waitFor(async () => expect((await store.counts()).channels.telegram?.failed).toBe(1), { timeout: 3_000 });
    const [failed] = (await store.scan("failed")).deliveries;
    expect(failed).toMatchObject({
      channel: "telegram",
      failure: { status: 401, fix: expect.stringMatching(/BotFather/) },
    });
    // The failure's text never carries the token.
    expect(JSON.stringify(failed)).not.toContain("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    // Discord's 429 is Discord's: the channel waits out its hint, the delivery keeps its place.
    const [waiting] = (await store.scan("pending")).deliveries;
    expect(waiting?.nextAttemptAt).toBeUndefined();
    const discord = await store.channelHealth("discord").read();
    expect(discord).toMatchObject({ failures: 1, lastFailure: { reason: "http_429", status: 429 } });
    expect(Date.parse(discord.nextProbeAt!) - Date.parse(waiting!.attempts[0]!.at)).toBeGreaterThanOrEqual(1_150);
    await vi.waitFor(async () => expect((await store.counts()).channels.discord?.delivered).toBe(1), {
      timeout: 4_000,
    });
    expect(bed.events("channel.failing")).toEqual([
      expect.objectContaining({ channel: "discord", nextProbeInSeconds: 1, reason: "http_429" }),
    ]);
    expect(bed.events("channel.recovered")).toEqual([expect.objectContaining({ channel: "discord" })]);
    expect(await store.channelHealth("discord").read()).toEqual({ channel: "discord", failures: 0 });
    await store.close();
  });
});

describe("one hostile message, as each provider receives it (exact)", () => {
  const hostile = "@everyone <!channel> [x](https://e.vil) /start <b>hi</b>";
  const m = enquiryMessage(delivery(hostile, { name: "@here *Boss*" }));

  it("Slack: plain text objects", () => {
    const body = slackMessage(m);
    expect(body.text).toBe("New enquiry: VIP Nightclub experience from @here *Boss*");
    expect(body.mrkdwn).toBe(false);
    expect(body.blocks[1]).toEqual({
      type: "section",
      text: { type: "plain_text", text: "@here *Boss*", emoji: false },
    });
    expect(body.blocks[3]).toEqual({ type: "section", text: { type: "plain_text", text: hostile, emoji: false } });
  });

  it("Discord: every special character escaped, mentions off", () => {
    expect(discordMessage(m)).toEqual({
      content:
        "**New enquiry:** VIP Nightclub experience\n**\\@here \\*Boss\\***\nE-mail: ana\\@example\\.com · Phone: \\+385 91 234 5678\n\\@everyone \\<\\!channel\\> \\[x\\]\\(https\\://e\\.vil\\) /start \\<b\\>hi\\</b\\>\nLanguage: hr · Page: /hr/contact · Ref K7QX-M4TP",
      allowed_mentions: { parse: [] },
      flags: 4,
    });
  });

  it("Telegram: escaped HTML, no command, no mention", () => {
    expect(telegramMessage(m, "42").text).toBe(
      "<b>New enquiry:</b> VIP Nightclub experience\n<b>@\u200chere *Boss*</b>\nana@example.com · +385 91 234 5678\n\n@\u200ceveryone &lt;!channel&gt; [x](https://e.vil) /\u200cstart &lt;b&gt;hi&lt;/b&gt;\n\n<i>Language: hr · Ref K7QX-M4TP · Page:</i> <code>/hr/contact</code>",
    );
  });
});

describe("the source line", () => {
  const source = { channel: "instagram", campaign: "summer-vip", referrer: "l.instagram.com", landing: "/" };
  it("each chat says where the visitor came from in one short line, and the webhook gives the values", () => {
    const m = enquiryMessage(delivery("A table", { source }));
    expect(m.sourceLine).toBe("from Instagram · summer-vip");
    expect(slackMessage(m).blocks).toContainEqual({
      type: "context",
      elements: [{ type: "plain_text", text: "from Instagram · summer-vip", emoji: false }],
    });
    expect(discordMessage(m).content.split("\n")).toContain("from Instagram · summer\\-vip");
    expect(telegramMessage(m, "1").text).toContain("\n<i>from Instagram · summer-vip</i>\n");
    const body = JSON.parse(
      signedWebhook(`whsec_${Buffer.from("k".repeat(32)).toString("base64")}`, delivery("A", { source })).body,
    ) as {
      data: { source: unknown };
    };
    expect(body.data.source).toEqual(source);
  });

  it("says nothing when the source is not known", () => {
    const m = enquiryMessage(delivery("A table"));
    expect(m.sourceLine).toBe("");
    expect(slackMessage(m).blocks.filter((b) => b.type === "context")).toHaveLength(1);
    expect(discordMessage(m).content).not.toMatch(/^from /m);
    expect(telegramMessage(m, "1").text).not.toContain("<i>from");
    const body = JSON.parse(
      signedWebhook(`whsec_${Buffer.from("k".repeat(32)).toString("base64")}`, delivery("A")).body,
    ) as {
      data: { source: unknown };
    };
    expect(body.data.source).toBeNull();
  });
});
