import { emailJsConfig, env } from "~/utils/env.server";
import { log } from "~/utils/log.server";
import { createEmailJsTransport } from "./emailjs.server";
import { createOutboxTransport, writeToOutbox } from "./outbox.server";
import { createPacer } from "./pacer.server";
import type { Enquiry } from "./schema.server";
import type { SendResult, Transport } from "./transport.server";

/** Hands an enquiry to the transport. If that fails, the enquiry is still written to the
 * outbox folder so an operator can recover it: none is ever lost silently. Logs one line per
 * outcome, without the visitor's data. */
export function createSender(transport: Transport, outboxDir: string) {
  return async function send(enquiry: Enquiry, requestId?: string): Promise<SendResult> {
    const started = Date.now();
    const result = await transport.send(enquiry, requestId);
    const ms = Date.now() - started;
    if (result.ok) {
      log("info", "enquiry.relayed", { requestId, transport: result.transport, status: result.status, ms });
      return result;
    }
    let outboxFile: string | undefined;
    if (transport.kind !== "outbox") {
      try {
        outboxFile = await writeToOutbox(outboxDir, enquiry, {
          status: "relay_failed",
          failure: { reason: result.reason, status: result.status, detail: result.detail },
          requestId,
        });
      } catch (error) {
        log("error", "enquiry.outbox_write_failed", {
          requestId,
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    log("error", "enquiry.relay_failed", {
      requestId,
      transport: result.transport,
      reason: result.reason,
      status: result.status,
      providerText: result.detail,
      ms,
      outboxFile,
    });
    return result;
  };
}

/** This server's sender: EmailJS when its ids are set, else the outbox folder (the embedded
 * default). */
export const sendEnquiry = createSender(
  emailJsConfig
    ? createEmailJsTransport(emailJsConfig, {
        timeoutMs: env.RELAY_TIMEOUT_MS,
        pacer: createPacer(env.EMAILJS_MIN_INTERVAL_MS, env.RELAY_MAX_QUEUE_MS),
      })
    : createOutboxTransport(env.OUTBOX_DIR),
  env.OUTBOX_DIR,
);
