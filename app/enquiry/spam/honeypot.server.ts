import { HONEYPOT_FIELD } from "~/content/enquiry-fields";

/** The honeypot field must be sent, and empty: a bot fills it in or leaves it out (so does,
 * now and then, a person's password manager or autofill: hence caught and kept, not dropped). */
export function honeypotState(form: FormData): "empty" | "filled" | "missing" {
  const trap = form.get(HONEYPOT_FIELD);
  return trap === "" ? "empty" : trap === null ? "missing" : "filled";
}
