const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"]+|\[url=[^\]]*\]|<a\s[^>]*>/giu;
const ANY_LINK = new RegExp(LINK.source, "iu");

export const hasLink = (message: string) => ANY_LINK.test(message);

export function mostlyLinks(message: string, percent: number): boolean {
  const text = message.replace(/\s+/g, "");
  if (text.length === 0) return false;
  const links = [...message.matchAll(LINK)].reduce((sum, [link]) => sum + link.replace(/\s+/g, "").length, 0);
  return links > 0 && links * 100 >= text.length * percent;
}
