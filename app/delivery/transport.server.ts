import type { StoredEnquiry } from "~/store/record.server";

/** What one try at handing an enquiry to the provider came to: a value, never a throw. */
export type SendResult =
  | { ok: true; status: number }
  | {
      ok: false;
      /** For the log and the record: "http_<status>", "timeout", "network". */
      reason: string;
      status?: number;
      /** The provider's text, shortened. */
      detail?: string;
    };

/** The contract the delivery worker sends through (EmailJS in production, anything in tests). */
export type Send = (enquiry: StoredEnquiry) => Promise<SendResult>;
