const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+|\[url=[^\]]*\]|<a\s[^>]*>/giu;
const ANY_LINK = new RegExp(LINK.source, "iu");

/** Whether a message holds a link at all (an address, a BBCode or HTML link). */
export const hasLink = (message: string) => ANY_LINK.test(message);

/** A message that is mostly links: the links' characters at least `percent` of its characters
 * (spaces apart). One link in a sentence is not; a list of addresses is. */
export function mostlyLinks(message: string, percent: number): boolean {
  const text = message.replace(/\s+/g, "");
  if (text.length === 0) return false;
  const links = [...message.matchAll(LINK)].reduce((sum, [link]) => sum + link.replace(/\s+/g, "").length, 0);
  return links > 0 && links * 100 >= text.length * percent;
}
