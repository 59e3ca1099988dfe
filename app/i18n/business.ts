import type { Translations } from "./translations";

/** Who the business is, as the contact page and the structured data (JSON-LD) describe it. */
const en = {
  about:
    "We are a young, solution-oriented group based in Split, Croatia, specialised in everything " +
    "Croatia has to offer, and we work worldwide. With years of experience in hospitality behind " +
    "us, we help you from the very first idea to its realisation.",
  location: "Split, Croatia",
  areasServed: ["Croatia", "Montenegro", "Serbia"],
};

type BusinessText = typeof en;

const hr: BusinessText = {
  about:
    "Mlada smo ekipa iz Splita koja uvijek pronađe rješenje. Poznajemo sve što Hrvatska nudi, a radimo " +
    "po cijelom svijetu. Iza nas su godine iskustva u ugostiteljstvu i turizmu, pa smo uz vas od prve " +
    "ideje do njezina ostvarenja.",
  location: "Split, Hrvatska",
  areasServed: ["Hrvatska", "Crna Gora", "Srbija"],
};

export const BUSINESS: Translations<BusinessText> = { en, hr };
