import type { Enquiry } from "./schema.server";

/** What one attempt to hand over an enquiry came to: a value, never a throw. */
export type SendResult =
  | { ok: true; transport: TransportKind; status?: number }
  | {
      ok: false;
      transport: TransportKind;
      /** For the log: "http_<status>", "timeout", "network", "queue_full", "write_failed". */
      reason: string;
      status?: number;
      /** The provider's text, shortened, for the log. */
      detail?: string;
    };

export type TransportKind = "emailjs" | "outbox";

/** The contract every way of handing over an enquiry fulfils (EmailJS, the outbox folder). */
export type Transport = {
  kind: TransportKind;
  send(enquiry: Enquiry, requestId?: string): Promise<SendResult>;
};
