/** Brand and contact facts shown across the site. Contact details are defaults that the
 * operator overrides with environment variables (see env.server.ts). Texts that are read
 * (the about text, the location) are translated in app/i18n. */
export const BRAND = "Adriatic VIP";
export const COPYRIGHT_YEAR = 2023;

export type ContactDetails = {
  email: string;
  /** Phone as a person reads it, e.g. "+385 21 000 000". */
  phone: string;
  socialUrl: string;
  socialLabel: string;
  /** WhatsApp number as digits with the country code (from WHATSAPP_NUMBER); none when unset. */
  whatsapp?: string;
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

/** A WhatsApp chat with the business, the message already written (https://wa.me). */
export function whatsappHref(digits: string, message: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
