import type { Enquiry } from "~/enquiry.server";
import { log } from "~/log.server";
import { writeToOutbox } from "~/outbox.server";

/** What a transport says about one enquiry: a value, never a throw across the action. */
export type RelayResult =
  | { ok: true; transport: Transport["kind"]; status?: number }
  | {
      ok: false;
      transport: Transport["kind"];
      /** For the log: "http_<status>", "timeout", "network", "queue_full", "write_failed". */
      reason: string;
      status?: number;
      /** The provider's text, shortened, for the log. */
      detail?: string;
    };

export type Transport = {
  kind: "emailjs" | "outbox";
  send(enquiry: Enquiry, requestId?: string): Promise<RelayResult>;
};

/** Sends an enquiry through the transport. If that fails, the enquiry is still written to
 * the outbox folder so an operator can recover it: none is ever lost silently. Logs one
 * line per outcome, without the visitor's data. */
export function createRelay(transport: Transport, outboxDir: string) {
  return async function relay(enquiry: Enquiry, requestId?: string): Promise<RelayResult> {
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
        log("error", "enquiry.outbox_write_failed", { requestId, error: error instanceof Error ? error.message : String(error) });
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
