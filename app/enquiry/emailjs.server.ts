import type { EmailJsConfig } from "~/utils/env.server";
import type { Pacer } from "./pacer.server";
import type { Enquiry } from "./schema.server";
import type { SendResult, Transport } from "./transport.server";

export const EMAILJS_LIB_VERSION = "3.2.0";
export const EMAILJS_SEND_FORM_PATH = "/api/v1.0/email/send-form";

type Options = {
  timeoutMs: number;
  /** Whose turn it is: EmailJS allows one request a second per account. */
  pacer: Pacer;
};

/** The multipart body EmailJS's send-form endpoint takes: the template's variables as
 * top-level fields, plus the library version and the account's ids. */
export function emailJsFormData(config: EmailJsConfig, enquiry: Enquiry): FormData {
  const form = new FormData();
  form.set("name", enquiry.name);
  form.set("email", enquiry.email);
  form.set("number", enquiry.number);
  form.set("category", enquiry.category);
  form.set("message", enquiry.message);
  form.set("lib_version", EMAILJS_LIB_VERSION);
  form.set("service_id", config.serviceId);
  form.set("template_id", config.templateId);
  form.set("user_id", config.publicKey);
  if (config.privateKey) form.set("accessToken", config.privateKey);
  return form;
}

export function createEmailJsTransport(config: EmailJsConfig, options: Options): Transport {
  const url = `${config.apiUrl}${EMAILJS_SEND_FORM_PATH}`;
  return {
    kind: "emailjs",
    async send(enquiry): Promise<SendResult> {
      if (!(await options.pacer.take())) return { ok: false, transport: "emailjs", reason: "queue_full" };
      try {
        const response = await fetch(url, {
          method: "POST",
          body: emailJsFormData(config, enquiry),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        const text = await response.text();
        // The SDK's rule: success is status 200 or the text "OK".
        if (response.status === 200 || text === "OK")
          return { ok: true, transport: "emailjs", status: response.status };
        return {
          ok: false,
          transport: "emailjs",
          reason: `http_${response.status}`,
          status: response.status,
          detail: text.slice(0, 300),
        };
      } catch (error) {
        const name = error instanceof Error ? error.name : "";
        const reason = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
        return {
          ok: false,
          transport: "emailjs",
          reason,
          detail: error instanceof Error ? error.message.slice(0, 300) : undefined,
        };
      }
    },
  };
}
