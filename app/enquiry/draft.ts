// A draft in sessionStorage (said in the privacy notice): a reload after a refusal loses nothing.
// Storage may be refused (private modes, quotas): then there is no draft.
import { FORM_NAMES } from "~/content/enquiry-fields";

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
