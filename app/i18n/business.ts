import type { Translations } from "./translations";

/** Where the business is and what it serves, as the contact page and the structured data
 * (JSON-LD) say it. The "about us" text is in about.ts: the owner may change it (server only). */
const en = {
  location: "Split, Croatia",
  areasServed: ["Croatia", "Montenegro", "Serbia"],
};

type BusinessText = typeof en;

const hr: BusinessText = {
  location: "Split, Hrvatska",
  areasServed: ["Hrvatska", "Crna Gora", "Srbija"],
};

export const BUSINESS: Translations<BusinessText> = { en, hr };
