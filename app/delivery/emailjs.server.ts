import { ENQUIRY_FIELDS } from "~/content/enquiry-fields";
import { detailsLine, givenDetails } from "~/i18n/detail-text";
import { sourceLine } from "~/i18n/sources";
import type { EmailJsConfig } from "~/utils/env.server";
import type { Enquiry } from "~/store/record.server";
import { judgeEmailJs } from "./retry-policy.server";
import { retryAfterMs } from "./transport.server";
import type { DeliveryChannel, SendResult } from "./transport.server";

export type Send = (enquiry: Enquiry, reference?: string) => Promise<SendResult>;

/** EmailJS allows one request a second per account: the team's e-mail and the confirmations alike. */
export const EMAILJS_PACING = "email";

const EMAILJS_LIB_VERSION = "3.2.0";
const EMAILJS_SEND_FORM_PATH = "/api/v1.0/email/send-form";

function enquiryVariables(enquiry: Enquiry, reference = ""): FormData {
  const form = new FormData();
  form.set("reference", reference);
  // An optional detail only when given: the template shows nothing for a variable it is not sent.
  for (const field of ENQUIRY_FIELDS) {
    const value = enquiry[field.key];
    if (field.required || value) form.set(field.form, value ?? "");
  }
  const details = givenDetails(enquiry, "en");
  if (details.length) form.set("details", detailsLine(details));
  const source = sourceLine(enquiry.source);
  if (source) form.set("source", source);
  // The category stays English, the operator's language.
  form.set("language", enquiry.language ?? "en");
  return form;
}

export async function postEmailJs(
  config: EmailJsConfig,
  templateId: string,
  form: FormData,
  { timeoutMs }: { timeoutMs: number },
): Promise<SendResult> {
  form.set("lib_version", EMAILJS_LIB_VERSION);
  form.set("service_id", config.serviceId);
  form.set("template_id", templateId);
  form.set("user_id", config.publicKey);
  if (config.privateKey) form.set("accessToken", config.privateKey);
  try {
    const response = await fetch(`${config.apiUrl}${EMAILJS_SEND_FORM_PATH}`, {
      method: "POST",
      body: form,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    // The SDK's rule: success is status 200 or the text "OK".
    if (response.status === 200 || text === "OK") return { ok: true, status: response.status };
    return {
      ok: false,
      reason: `http_${response.status}`,
      status: response.status,
      detail: text.slice(0, 300),
      retryAfterMs: retryAfterMs(response.headers),
    };
  } catch (error) {
    const name = error instanceof Error ? error.name : "";
    const reason = name === "TimeoutError" || name === "AbortError" ? "timeout" : "network";
    return { ok: false, reason, detail: error instanceof Error ? error.message.slice(0, 300) : undefined };
  }
}

export function createEmailJsSend(config: EmailJsConfig, { timeoutMs }: { timeoutMs: number }): Send {
  return (enquiry, reference) =>
    postEmailJs(config, config.templateId, enquiryVariables(enquiry, reference), { timeoutMs });
}

export function emailJsChannel(
  config: EmailJsConfig,
  { timeoutMs, intervalMs }: { timeoutMs: number; intervalMs: number },
  send: Send = createEmailJsSend(config, { timeoutMs }),
): DeliveryChannel {
  return {
    name: "email",
    pacing: EMAILJS_PACING,
    intervalMs,
    send: (delivery) => send(delivery.enquiry, delivery.reference),
    judge: judgeEmailJs,
    giveUpFix: (ms) =>
      `Still failing after ${Math.round(ms / 3_600_000)} h: check EmailJS's status and the account, then \`npm run outbox -- retry --failed\`.`,
  };
}
