// Server configuration: the one schema, parsed once per process at the gate of the HTTP
// server (server/index.ts), before the app is loaded: a wrong value stops the server with one
// message naming each bad variable, instead of failing on a visitor's request later. Every
// variable the server reads is here, and every one is optional; the defaults make a working
// site with no account anywhere. This module parses nothing when imported; the parsed
// configuration the app reads is `env` in env.server.ts.
import { z } from "zod";
import { DEFAULT_CONTACT, type ContactDetails } from "~/content/site";
import { log } from "./log.server";
import { DEFAULT_PUSH_SERVICE_HOSTS, parsePushServices } from "./push-services.server";

const optionalText = z.string().trim().min(1).optional();
const int = (min: number, max: number, fallback: number) => {
  const expected = `a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: expected }).int(expected).min(min, expected).max(max, expected).default(fallback);
};
const bool = (fallback: boolean) => z.stringbool().default(fallback);

const EMAILJS_IDS = ["EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY"] as const;

/** Loopback hosts: the only ones a channel may be reached at over plain http (stand-ins, tests). */
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/;
/** A channel's address: https, or http to this machine; its value never appears in a message. */
const channelUrl = (what: string) =>
  z
    .url({ protocol: /^https?$/, error: `${what}: https, or http to a loopback address` })
    .refine((u) => u.startsWith("https://") || !URL.canParse(u) || LOOPBACK.test(new URL(u).hostname), {
      message: `${what}: https, or http to a loopback address`,
    })
    .optional();

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: int(1, 65_535, 3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    // How long SIGTERM waits for requests in flight before closing every connection.
    SHUTDOWN_GRACE_MS: int(0, 120_000, 10_000),
    CONTACT_EMAIL: z.email().optional(),
    CONTACT_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{6,24}$/, "a phone number such as +385 21 000 000")
      .optional(),
    SOCIAL_URL: z.url({ protocol: /^https?$/ }).optional(),
    SOCIAL_LABEL: optionalText,
    // WhatsApp in international (E.164) form, e.g. +385911234567; unset: no WhatsApp links.
    WHATSAPP_NUMBER: z
      .string()
      .trim()
      .regex(/^\+[1-9]\d{6,14}$/, "an international number such as +385911234567 (a +, then digits only)")
      .optional(),

    EMAILJS_SERVICE_ID: optionalText,
    EMAILJS_TEMPLATE_ID: optionalText,
    EMAILJS_PUBLIC_KEY: optionalText,
    EMAILJS_PRIVATE_KEY: optionalText,
    EMAILJS_API_URL: z.url({ protocol: /^https?$/ }).default("https://api.emailjs.com"),
    // One call to a provider may take this long before it counts as a timeout (and is retried).
    DELIVERY_TIMEOUT_MS: int(500, 60_000, 5_000),
    // Its earlier name (from when EmailJS was called during the visitor's request), still read.
    RELAY_TIMEOUT_MS: z.coerce
      .number({ error: "a whole number from 500 to 60000" })
      .int()
      .min(500, "a whole number from 500 to 60000")
      .max(60_000, "a whole number from 500 to 60000")
      .optional(),
    // EmailJS allows 1 request/second per account; the one delivering replica keeps to it
    // (the team's e-mail and the visitors' confirmations share it).
    EMAILJS_MIN_INTERVAL_MS: int(0, 60_000, 1_000),
    // A second EmailJS template (docs/operations.md, "The visitor's confirmation"): each visitor is sent a
    // confirmation with their reference, in their language; unset: none.
    EMAILJS_CONFIRMATION_TEMPLATE_ID: optionalText,
    // Confirmations to one address: at most one an hour and this many a day.
    CONFIRMATION_MAX_PER_ADDRESS_DAY: int(1, 24, 3),
    // Confirmations in all in a day (what is over is not sent, counted and shown in the inbox).
    CONFIRMATION_MAX_PER_DAY: int(1, 10_000, 100),
    // Chat and webhook channels (docs/operations.md, "Channels"): each on when configured, a delivery of its
    // own for every enquiry accepted from then on.
    SLACK_WEBHOOK_URL: channelUrl("a Slack incoming-webhook URL (https://hooks.slack.com/services/…)"),
    DISCORD_WEBHOOK_URL: channelUrl("a Discord webhook URL (https://discord.com/api/webhooks/…)"),
    TELEGRAM_BOT_TOKEN: z
      .string()
      .trim()
      .regex(/^\d{3,}:[A-Za-z0-9_-]{20,}$/, "a bot token from @BotFather (digits, a colon, then letters)")
      .optional(),
    TELEGRAM_CHAT_ID: z
      .string()
      .trim()
      .regex(/^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/, "a chat id (digits, - in front for a group) or @channelname")
      .optional(),
    TELEGRAM_API_URL: channelUrl("the Bot API's base URL").default("https://api.telegram.org"),
    WEBHOOK_URL: channelUrl("the receiver's URL"),
    WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(
        /^whsec_[A-Za-z0-9+/]{32,}={0,2}$/,
        "whsec_ and at least 24 bytes in base64, as Standard Webhooks gives it",
      )
      .optional(),

    // Staff devices' alerts (Web Push, docs/staff.md "Alerts on a phone"): on with nothing to set.
    PUSH_ENABLED: bool(true),
    // The push services a device's subscription may name, comma-separated: a host, *.domain, or
    // http://127.0.0.1:PORT for a test's stand-in (decision 0039). Replaces the list.
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_HOSTS)
      .superRefine((value, ctx) => {
        const parsed = parsePushServices(value);
        if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      }),
    // The VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it); unset: made
    // at first start and kept in the database, the same for every replica.
    PUSH_VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^B[A-Za-z0-9_-]{86}$/, "an uncompressed P-256 public key in base64url (87 characters, B…)")
      .optional(),
    PUSH_VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{43}$/, "a P-256 private key in base64url (43 characters)")
      .optional(),
    // The devices one person may have alerts on.
    PUSH_MAX_DEVICES: int(1, 50, 10),
    // No device has confirmed a new enquiry's alert within this many minutes: the desk says so.
    PUSH_CONFIRM_MINUTES: int(1, 240, 5),

    // Where enquiries are kept (every accepted one is stored there before the visitor is
    // answered): unset, an SQLite file at ./data/site.db; file:PATH, an SQLite file at PATH
    // (absolute or relative to the working folder); postgres://… for several hosts
    // (docs/deploy.md), e.g. postgres://user:password@db.internal:5432/site?sslmode=verify-full.
    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^(postgres(ql)?:\/\/[^\s]+|file:[^\s]*[^\s/])$/i, "file:PATH (an SQLite file) or a postgres:// URL")
      .optional(),
    // The outbox folder of earlier versions: its enquiries are moved into the database at start.
    OUTBOX_DIR: z.string().trim().min(1).default("./data/outbox"),
    // Connections each replica may open to it for stores, health and the rate limit (the
    // deliverer's lock takes one more).
    DATABASE_POOL_MAX: int(1, 100, 5),
    // An enquiry's own retries (a failure that was its own) and the first steps of a failing
    // channel's probes: exponential from the base, capped, with jitter (decision 0026).
    OUTBOX_RETRY_BASE_MS: int(100, 3_600_000, 5_000),
    OUTBOX_RETRY_MAX_MS: int(1_000, 86_400_000, 300_000),
    // A failing channel's probes are capped here (and never above OUTBOX_RETRY_MAX_MS): one call
    // per step whatever the number waiting, so the cap is how late a provider that is back is
    // found. 10 s: the oldest lead goes out within about 12 s of the provider's return (the
    // step, then one paced call), at a cost of 6–12 calls a minute while it is down (decision 0036).
    OUTBOX_PROBE_MAX_MS: int(1_000, 3_600_000, 10_000),
    // Failing this long (from its first failed try, or from when its channel started failing
    // for it): failed, for an operator.
    OUTBOX_GIVE_UP_HOURS: int(1, 24 * 30, 24),
    // Enquiries that reached the team (delivered everywhere, or followed up in the inbox) are
    // erased this long after (the privacy notice says so); one nobody has seen is never erased.
    ENQUIRY_RETENTION_DAYS: int(1, 3_650, 365),
    // Its earlier name (when delivered enquiries were kept 7 days), still read.
    OUTBOX_RETENTION_DAYS: z.coerce
      .number({ error: "a whole number from 0 to 3650" })
      .int()
      .min(0, "a whole number from 0 to 3650")
      .max(3_650, "a whole number from 0 to 3650")
      .optional(),
    // /healthz says "degraded" when the oldest pending enquiry has waited longer than this.
    OUTBOX_ALERT_SECONDS: int(10, 86_400, 300),
    // How often the worker looks for new or due enquiries.
    OUTBOX_POLL_MS: int(50, 60_000, 500),

    SESSION_SECRET: z.string().min(32, "at least 32 characters").optional(),
    COOKIE_SECURE: z.stringbool().optional(),

    // The staff area (/staff, docs/staff.md): a session ends after this long without a request,
    // and in any case this long after sign-in.
    STAFF_SESSION_IDLE_MINUTES: int(5, 24 * 60, 60),
    STAFF_SESSION_MAX_HOURS: int(1, 24 * 30, 12),
    // Sign-in and registration attempts: per client address, and failures per account, in a window.
    STAFF_SIGN_IN_MAX: int(1, 10_000, 30),
    STAFF_ACCOUNT_FAILURES_MAX: int(1, 1_000, 10),
    STAFF_SIGN_IN_WINDOW_SECONDS: int(60, 86_400, 900),
    // The staff audit log (sign-ins, invitations, passkeys, exports, erasures) is kept this long.
    STAFF_AUDIT_RETENTION_DAYS: int(30, 3_650, 365),
    // Audit rows that clients without a session can cause (refusals), per minute and replica in
    // all; besides, one a minute per address and kind. The rest are counted, not written.
    STAFF_AUDIT_REFUSALS_PER_MINUTE: int(1, 10_000, 60),

    // The owner's photos (docs/site.md): one file's size, files in one upload, one upload's
    // body, a photo's pixels (a header claiming more is refused without decoding), photos
    // processed at once per replica, days a removed photo can be restored, and how often each
    // process looks for a new published version.
    MEDIA_MAX_FILE_MB: int(1, 100, 20),
    MEDIA_MAX_FILES: int(1, 100, 20),
    MEDIA_MAX_UPLOAD_MB: int(1, 1_000, 100),
    MEDIA_MAX_MEGAPIXELS: int(1, 200, 50),
    MEDIA_CONCURRENCY: int(1, 8, 1),
    MEDIA_RESTORE_DAYS: int(1, 365, 30),
    SITE_POLL_MS: int(200, 60_000, 1_000),

    RATE_LIMIT_MAX: int(0, 10_000, 8),
    RATE_LIMIT_WINDOW_SECONDS: int(1, 86_400, 600),
    TRUST_PROXY_HEADER: z
      .string()
      .trim()
      .toLowerCase()
      .regex(/^[a-z0-9-]+$/, "a header name such as x-forwarded-for")
      .optional(),
    HONEYPOT: bool(true),
    // The spam folder (docs/staff.md, "The Spam view"): what the contact form's rules catch is kept, sent to no
    // channel, for staff to release or delete. Sent sooner than this after the page was served
    // (its signed time in the form): too fast for a person.
    SPAM_MIN_SECONDS: int(0, 600, 3),
    // A message whose links make up at least this share of its characters (percent).
    SPAM_LINK_PERCENT: int(1, 100, 50),
    // The same message text this many times within SPAM_REPEAT_MINUTES from one sender (e-mail or
    // phone), or from anyone when it is long or has a link (0: off).
    SPAM_REPEAT_COUNT: int(0, 1_000, 5),
    SPAM_REPEAT_MINUTES: int(1, 1_440, 60),
    // Caught enquiries are erased this long after they came, by the hourly chores.
    SPAM_RETENTION_DAYS: int(1, 365, 30),
    // Caps on what is kept: caught in the last hour, and in all (the oldest erased first).
    SPAM_MAX_PER_HOUR: int(1, 100_000, 200),
    SPAM_MAX_KEPT: int(1, 1_000_000, 2_000),

    // The public address of the site, for canonical URLs, share tags and the sitemap.
    PUBLIC_SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    // Staging: ask search engines not to index anything.
    ROBOTS_NOINDEX: bool(false),
    // /metrics (Prometheus) answers a scraper that sends "Authorization: Bearer <token>";
    // unset: /metrics is off (404).
    METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
    // Tests and demos: EmailJS is answered by the in-process stand-in (mocks/), which records
    // what it received to this file when set.
    MOCKS: bool(false),
    MOCKS_RECORD_FILE: optionalText,
    // While this file exists, the stand-in answers every call with the status written in it
    // (an EmailJS outage or misconfiguration, for tests).
    MOCKS_OUTAGE_FILE: optionalText,
  })
  .superRefine((env, ctx) => {
    const set = EMAILJS_IDS.filter((k) => env[k]);
    if (set.length > 0 && set.length < EMAILJS_IDS.length) {
      const missing = EMAILJS_IDS.filter((k) => !env[k]);
      ctx.addIssue({
        code: "custom",
        path: [missing[0]!],
        message: `EmailJS is partly configured: set ${missing.join(", ")} too, or unset ${set.join(", ")} to keep enquiries in the database only`,
      });
    }
    for (const [a, b] of [
      ["TELEGRAM_BOT_TOKEN", "TELEGRAM_CHAT_ID"],
      ["WEBHOOK_URL", "WEBHOOK_SECRET"],
      ["PUSH_VAPID_PUBLIC_KEY", "PUSH_VAPID_PRIVATE_KEY"],
    ] as const) {
      if (Boolean(env[a]) !== Boolean(env[b]))
        ctx.addIssue({
          code: "custom",
          path: [env[a] ? b : a],
          message: `${a} and ${b} go together: set both to use that channel, or neither`,
        });
    }
    if (env.EMAILJS_CONFIRMATION_TEMPLATE_ID && set.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["EMAILJS_CONFIRMATION_TEMPLATE_ID"],
        message: `needs ${EMAILJS_IDS.join(", ")}`,
      });
    }
    if (env.EMAILJS_PRIVATE_KEY && set.length === 0) {
      ctx.addIssue({ code: "custom", path: ["EMAILJS_PRIVATE_KEY"], message: `needs ${EMAILJS_IDS.join(", ")}` });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings (common in .env files and compose) as unset.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  // The earlier name counts where the new one is not set.
  if (cleaned.RELAY_TIMEOUT_MS !== undefined && cleaned.DELIVERY_TIMEOUT_MS === undefined)
    cleaned.DELIVERY_TIMEOUT_MS = cleaned.RELAY_TIMEOUT_MS;
  if (cleaned.OUTBOX_RETENTION_DAYS !== undefined && cleaned.ENQUIRY_RETENTION_DAYS === undefined)
    // (0 once meant "delete at delivery"; the inbox keeps at least a day.)
    cleaned.ENQUIRY_RETENTION_DAYS = String(Math.max(1, Number(cleaned.OUTBOX_RETENTION_DAYS) || 1));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join(".")} (${i.message})`).join("; ");
    throw new Error(
      `Invalid environment configuration: ${problems}. Correct or unset each one (.env.example explains them all); the server did not start.`,
    );
  }
  return result.data;
}

export function contactDetailsFrom(env: Env): ContactDetails {
  return {
    email: env.CONTACT_EMAIL ?? DEFAULT_CONTACT.email,
    phone: env.CONTACT_PHONE ?? DEFAULT_CONTACT.phone,
    socialUrl: env.SOCIAL_URL ?? DEFAULT_CONTACT.socialUrl,
    socialLabel: env.SOCIAL_LABEL ?? DEFAULT_CONTACT.socialLabel,
    ...(env.WHATSAPP_NUMBER ? { whatsapp: env.WHATSAPP_NUMBER.slice(1) } : {}),
  };
}

export type EmailJsConfig = {
  apiUrl: string;
  serviceId: string;
  templateId: string;
  publicKey: string;
  privateKey?: string;
  /** The visitor's confirmation's template (EMAILJS_CONFIRMATION_TEMPLATE_ID); none: no confirmations. */
  confirmationTemplateId?: string;
};

/** The EmailJS ids when all are set; undefined: no e-mail channel (enquiries are still stored). */
export function emailJsConfigFrom(env: Env): EmailJsConfig | undefined {
  if (!env.EMAILJS_SERVICE_ID || !env.EMAILJS_TEMPLATE_ID || !env.EMAILJS_PUBLIC_KEY) return undefined;
  return {
    apiUrl: env.EMAILJS_API_URL.replace(/\/+$/, ""),
    serviceId: env.EMAILJS_SERVICE_ID,
    templateId: env.EMAILJS_TEMPLATE_ID,
    publicKey: env.EMAILJS_PUBLIC_KEY,
    privateKey: env.EMAILJS_PRIVATE_KEY,
    confirmationTemplateId: env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
  };
}

/** What an operator should know about this configuration, logged once by the server at start. */
export function warnAboutConfiguration(config: Env): void {
  if (!emailJsConfigFrom(config)) {
    log("warn", "config.email_not_configured", {
      message: `EmailJS is not configured: enquiries are stored in the database (read them with npm run outbox -- list) and not e-mailed. Set EMAILJS_SERVICE_ID, EMAILJS_TEMPLATE_ID and EMAILJS_PUBLIC_KEY to send them.`,
    });
  }
  if (!config.SESSION_SECRET && config.NODE_ENV === "production") {
    log("warn", "config.session_secret_missing", {
      message:
        "SESSION_SECRET is not set: using a random secret for this process. Set it when running more than one replica.",
    });
  }
  if (config.RELAY_TIMEOUT_MS !== undefined)
    log("warn", "config.renamed", {
      message:
        "RELAY_TIMEOUT_MS is now DELIVERY_TIMEOUT_MS: rename it (the old name is read while the new one is unset)",
    });
  if (config.OUTBOX_RETENTION_DAYS !== undefined)
    log("warn", "config.renamed", {
      message:
        "OUTBOX_RETENTION_DAYS is now ENQUIRY_RETENTION_DAYS: rename it (the old name is read while the new one is unset)",
    });
  if (config.MOCKS)
    log("warn", "mocks.enabled", { message: "EmailJS is answered by the in-process stand-in (MOCKS=true)" });
}

const GATE = Symbol.for("adriatic-vip.env");

/** The gate: parses the process's configuration once and hands it to the app (env.server.ts),
 * which is loaded after it. Throws the one message when a value is wrong. */
export function passGate(source: Record<string, string | undefined>): Env {
  const parsed = parseEnv(source);
  (globalThis as Record<symbol, unknown>)[GATE] = parsed;
  return parsed;
}

/** What the gate parsed, when a gate ran in this process. */
export const gatePassed = (): Env | undefined => (globalThis as Record<symbol, Env | undefined>)[GATE];
