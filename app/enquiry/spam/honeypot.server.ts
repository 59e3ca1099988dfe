import { HONEYPOT_FIELD } from "~/content/enquiry-fields";

/** A password manager fills it now and then too: hence caught and kept, not dropped. */
export function honeypotState(form: FormData): "empty" | "filled" | "missing" {
  const trap = form.get(HONEYPOT_FIELD);
  return trap === "" ? "empty" : trap === null ? "missing" : "filled";
}
