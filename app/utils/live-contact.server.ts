import type { ContactDetails } from "~/content/site";

/** The contact details the published site shows (the owner's, else env's), set by the site room
 * on each new version: the rooms below it (delivery's e-mails, the refusal pages) read it here. */
let current: ContactDetails | undefined;

export const liveContact = (): ContactDetails | undefined => current;
export const setLiveContact = (contact: ContactDetails) => (current = contact);
