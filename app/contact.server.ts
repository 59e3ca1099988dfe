import { createContactAction } from "~/contact-action.server";
import { createEmailJsTransport } from "~/emailjs.server";
import { contactDetails, emailJsConfig, env } from "~/env.server";
import { createOutboxTransport } from "~/outbox.server";
import { createRateLimiter } from "~/rate-limit.server";
import { createRelay } from "~/relay.server";
import { redirectWithSuccess } from "~/toast.server";

/** The contact action wired to this server's configuration: EmailJS when its ids are set,
 * else the outbox folder (the embedded default). */
const transport = emailJsConfig
  ? createEmailJsTransport(emailJsConfig, {
      timeoutMs: env.RELAY_TIMEOUT_MS,
      maxQueueMs: env.RELAY_MAX_QUEUE_MS,
      intervalMs: env.EMAILJS_MIN_INTERVAL_MS,
    })
  : createOutboxTransport(env.OUTBOX_DIR);

export const transportKind = transport.kind;

export const contactAction = createContactAction({
  relay: createRelay(transport, env.OUTBOX_DIR),
  rateLimiter: createRateLimiter(env.RATE_LIMIT_MAX, env.RATE_LIMIT_WINDOW_SECONDS * 1000),
  trustedProxyHeader: env.TRUST_PROXY_HEADER,
  honeypot: env.HONEYPOT,
  contact: contactDetails,
  redirectWithSuccess,
});
