/** Brand and contact facts shown across the site. Contact details are defaults that the
 * operator overrides with environment variables (see env.server.ts). */
export const BRAND = "Adriatic VIP";
export const TAGLINE = "Unique Experience";
export const COPYRIGHT_YEAR = 2023;
export const LOCATION = "Split, Croatia";

export type ContactDetails = {
  email: string;
  /** Phone as a person reads it, e.g. "+385 21 000 000". */
  phone: string;
  socialUrl: string;
  socialLabel: string;
};

export const DEFAULT_CONTACT: ContactDetails = {
  email: "info@adriatic-vip.example",
  phone: "+385 21 000 000",
  socialUrl: "https://www.instagram.com/",
  socialLabel: "Instagram",
};

export const CREDIT = { name: "Studio Dalmatia Web", url: "https://example.com/" } as const;

/** `tel:` href for a phone written with spaces, dashes or brackets. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export const ABOUT_TEXT =
  "We are a young, solution-oriented group based in Split, Croatia, specialised in everything " +
  "Croatia has to offer, and we work worldwide. With years of experience in hospitality behind " +
  "us, we help you from the very first idea to its realisation.";
