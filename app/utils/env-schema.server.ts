// The one schema, parsed once at the server's gate (server/index.ts): a wrong value stops the start with one message.
// Every variable is optional; the reference is docs/configuration.md.
import * as z from "zod";
import { DEFAULT_CONTACT, type ContactDetails } from "~/content/site";
import { log } from "./log.server";
import { DEFAULT_PUSH_SERVICE_HOSTS, LOOPBACK, parsePushServices } from "./push-services.server";

const optionalText = z.string().trim().min(1).optional();
const int = (min: number, max: number, fallback: number) => {
  const expected = `a whole number from ${min} to ${max}`;
  return z.coerce.number({ error: expected }).int(expected).min(min, expected).max(max, expected).default(fallback);
};
const bool = (fallback: boolean) => z.stringbool().default(fallback);

const EMAILJS_IDS = ["EMAILJS_SERVICE_ID", "EMAILJS_TEMPLATE_ID", "EMAILJS_PUBLIC_KEY"] as const;

/** Its value never appears in a message. */
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
    SHUTDOWN_GRACE_MS: int(0, 120_000, 10_000),
    CONTACT_EMAIL: z.email().optional(),
    CONTACT_PHONE: z
      .string()
      .trim()
      .regex(/^\+?[\d\s().-]{6,24}$/, "a phone number such as +385 21 000 000")
      .optional(),
    SOCIAL_URL: z.url({ protocol: /^https?$/ }).optional(),
    SOCIAL_LABEL: optionalText,
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
    DELIVERY_TIMEOUT_MS: int(500, 60_000, 5_000),
    RELAY_TIMEOUT_MS: z.coerce
      .number({ error: "a whole number from 500 to 60000" })
      .int()
      .min(500, "a whole number from 500 to 60000")
      .max(60_000, "a whole number from 500 to 60000")
      .optional(),
    // EmailJS allows 1 request/second per account (the team's e-mail and the confirmations share it).
    EMAILJS_MIN_INTERVAL_MS: int(0, 60_000, 1_000),
    EMAILJS_CONFIRMATION_TEMPLATE_ID: optionalText,
    EMAILJS_BOOKING_TEMPLATE_ID: optionalText,
    EMAILJS_REPLY_TEMPLATE_ID: optionalText,
    CONFIRMATION_MAX_PER_ADDRESS_DAY: int(1, 24, 3),
    CONFIRMATION_MAX_PER_DAY: int(1, 10_000, 100),
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

    PUSH_ENABLED: bool(true),
    // Decision 0039: a subscription may name only these hosts.
    PUSH_SERVICE_HOSTS: z
      .string()
      .default(DEFAULT_PUSH_SERVICE_HOSTS)
      .superRefine((value, ctx) => {
        const parsed = parsePushServices(value);
        if (typeof parsed === "string") ctx.addIssue({ code: "custom", message: parsed });
      }),
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
    PUSH_MAX_DEVICES: int(1, 50, 10),
    PUSH_CONFIRM_MINUTES: int(1, 240, 5),

    DATABASE_URL: z
      .string()
      .trim()
      .regex(/^(postgres(ql)?:\/\/[^\s]+|file:[^\s]*[^\s/])$/i, "file:PATH (an SQLite file) or a postgres:// URL")
      .optional(),
    OUTBOX_DIR: z.string().trim().min(1).default("./data/outbox"),
    DATABASE_POOL_MAX: int(1, 100, 5),
    // Decision 0026.
    OUTBOX_RETRY_BASE_MS: int(100, 3_600_000, 5_000),
    OUTBOX_RETRY_MAX_MS: int(1_000, 86_400_000, 300_000),
    // One probe per step, so the cap is how late a provider that is back is found (decision 0036).
    OUTBOX_PROBE_MAX_MS: int(1_000, 3_600_000, 10_000),
    OUTBOX_GIVE_UP_HOURS: int(1, 24 * 30, 24),
    // One nobody has seen is never erased; the privacy notice says how long.
    ENQUIRY_RETENTION_DAYS: int(1, 3_650, 365),
    OUTBOX_RETENTION_DAYS: z.coerce
      .number({ error: "a whole number from 0 to 3650" })
      .int()
      .min(0, "a whole number from 0 to 3650")
      .max(3_650, "a whole number from 0 to 3650")
      .optional(),
    OUTBOX_ALERT_SECONDS: int(10, 86_400, 300),
    OUTBOX_POLL_MS: int(50, 60_000, 2_000),

    SESSION_SECRET: z.string().min(32, "at least 32 characters").optional(),
    COOKIE_SECURE: z.stringbool().optional(),

    STAFF_SESSION_IDLE_MINUTES: int(5, 24 * 60, 60),
    STAFF_SESSION_MAX_HOURS: int(1, 24 * 30, 12),
    STAFF_SIGN_IN_MAX: int(1, 10_000, 30),
    STAFF_ACCOUNT_FAILURES_MAX: int(1, 1_000, 10),
    STAFF_SIGN_IN_WINDOW_SECONDS: int(60, 86_400, 900),
    STAFF_AUDIT_RETENTION_DAYS: int(30, 3_650, 365),
    STAFF_AUDIT_REFUSALS_PER_MINUTE: int(1, 10_000, 60),

    MEDIA_MAX_FILE_MB: int(1, 100, 20),
    MEDIA_MAX_FILES: int(1, 100, 20),
    MEDIA_MAX_UPLOAD_MB: int(1, 1_000, 100),
    MEDIA_MAX_MEGAPIXELS: int(1, 200, 50),
    MEDIA_CONCURRENCY: int(1, 8, 1),
    MEDIA_RESTORE_DAYS: int(1, 365, 30),
    // How long a photo upload may take (docs/decisions/0042-slow-uploads.md): ended when it stalls this long, sends
    // fewer bytes a second than the rate over the window, or reaches the cap.
    UPLOAD_IDLE_MS: int(1_000, 600_000, 20_000),
    UPLOAD_MIN_RATE: int(0, 10_000_000, 8_192),
    UPLOAD_RATE_WINDOW_MS: int(1_000, 600_000, 30_000),
    UPLOAD_MAX_MS: int(10_000, 6 * 3_600_000, 1_800_000),
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
    SPAM_MIN_SECONDS: int(0, 600, 3),
    SPAM_LINK_PERCENT: int(1, 100, 50),
    SPAM_REPEAT_COUNT: int(0, 1_000, 5),
    SPAM_REPEAT_MINUTES: int(1, 1_440, 60),
    SPAM_RETENTION_DAYS: int(1, 365, 30),
    SPAM_MAX_PER_HOUR: int(1, 100_000, 200),
    SPAM_MAX_KEPT: int(1, 1_000_000, 2_000),

    // Decision 0046.
    VISIT_RETENTION_DAYS: int(1, 3_650, 730),
    VISIT_FLUSH_SECONDS: int(1, 3_600, 60),
    VISIT_BEACON: bool(false),

    PUBLIC_SITE_URL: z.url({ protocol: /^https?$/ }).default("http://localhost:3000"),
    ROBOTS_NOINDEX: bool(false),
    METRICS_TOKEN: z.string().min(16, "at least 16 characters").optional(),
    MOCKS: bool(false),
    MOCKS_RECORD_FILE: optionalText,
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
    if (env.EMAILJS_REPLY_TEMPLATE_ID && set.length === 0) {
      ctx.addIssue({ code: "custom", path: ["EMAILJS_REPLY_TEMPLATE_ID"], message: `needs ${EMAILJS_IDS.join(", ")}` });
    }
    if (env.EMAILJS_BOOKING_TEMPLATE_ID && set.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["EMAILJS_BOOKING_TEMPLATE_ID"],
        message: `needs ${EMAILJS_IDS.join(", ")}`,
      });
    }
    if (env.EMAILJS_PRIVATE_KEY && set.length === 0) {
      ctx.addIssue({ code: "custom", path: ["EMAILJS_PRIVATE_KEY"], message: `needs ${EMAILJS_IDS.join(", ")}` });
    }
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Empty strings (common in .env files and compose) are unset.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  if (cleaned.RELAY_TIMEOUT_MS !== undefined && cleaned.DELIVERY_TIMEOUT_MS === undefined)
    cleaned.DELIVERY_TIMEOUT_MS = cleaned.RELAY_TIMEOUT_MS;
  if (cleaned.OUTBOX_RETENTION_DAYS !== undefined && cleaned.ENQUIRY_RETENTION_DAYS === undefined)
    // 0 once meant "delete at delivery"; the inbox keeps at least a day.
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
  confirmationTemplateId?: string;
  bookingTemplateId?: string;
  replyTemplateId?: string;
};

export function emailJsConfigFrom(env: Env): EmailJsConfig | undefined {
  if (!env.EMAILJS_SERVICE_ID || !env.EMAILJS_TEMPLATE_ID || !env.EMAILJS_PUBLIC_KEY) return undefined;
  return {
    apiUrl: env.EMAILJS_API_URL.replace(/\/+$/, ""),
    serviceId: env.EMAILJS_SERVICE_ID,
    templateId: env.EMAILJS_TEMPLATE_ID,
    publicKey: env.EMAILJS_PUBLIC_KEY,
    privateKey: env.EMAILJS_PRIVATE_KEY,
    confirmationTemplateId: env.EMAILJS_CONFIRMATION_TEMPLATE_ID,
    bookingTemplateId: env.EMAILJS_BOOKING_TEMPLATE_ID,
    replyTemplateId: env.EMAILJS_REPLY_TEMPLATE_ID,
  };
}

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

/** The app is loaded after the gate and reads what it parsed (env.server.ts). */
export function passGate(source: Record<string, string | undefined>): Env {
  const parsed = parseEnv(source);
  (globalThis as Record<symbol, unknown>)[GATE] = parsed;
  return parsed;
}

export const gatePassed = (): Env | undefined => (globalThis as Record<symbol, Env | undefined>)[GATE];
