import { FORM_NAMES } from "~/content/enquiry-fields";

/** What the visitor has typed into the enquiry form, kept in this browser tab (sessionStorage,
 * never sent anywhere) until the enquiry is sent: with JavaScript a refused form is answered
 * without a new page, and a reload would otherwise bring back an empty form. Said in the privacy
 * notice. Storage may be refused (private modes, quotas): then there is simply no draft. */
const KEY = "enquiry-draft";

type Fields = HTMLFormControlsCollection;
const control = (fields: Fields, name: string) =>
  fields.namedItem(name) as HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement | null;

export function saveDraft(form: HTMLFormElement) {
  const draft = Object.fromEntries(FORM_NAMES.map((name) => [name, control(form.elements, name)?.value ?? ""]));
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    /* no storage: no draft */
  }
}

/** Fills the fields that are still empty (what the visitor typed before this ran stays). */
export function restoreDraft(form: HTMLFormElement) {
  let draft: unknown;
  try {
    draft = JSON.parse(sessionStorage.getItem(KEY) ?? "null");
  } catch {
    return;
  }
  if (!draft || typeof draft !== "object") return;
  for (const name of FORM_NAMES) {
    const field = control(form.elements, name);
    const value = (draft as Record<string, unknown>)[name];
    if (field && !field.value && typeof value === "string") field.value = value;
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* no storage: no draft */
  }
}
