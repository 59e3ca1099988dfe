// Contact details are defaults the operator overrides by environment (env.server.ts).
export const BRAND = "Adriatic VIP";
export const COPYRIGHT_YEAR = 2023;

export type ContactDetails = {
  email: string;
  phone: string;
  socialUrl: string;
  socialLabel: string;
  whatsapp?: string;
};

export const DEFAULT_CONTACT: ContactDetails = {
  email: "info@adriatic-vip.example",
  phone: "+385 21 000 000",
  socialUrl: "https://www.instagram.com/",
  socialLabel: "Instagram",
};

export const CREDIT = { name: "Studio Dalmatia Web", url: "https://example.com/" } as const;

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export function whatsappHref(digits: string, message: string): string {
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}
