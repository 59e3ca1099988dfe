import type { Translations } from "./translations";

/** The contact page's "about us" as the site ships it: the default the owner's published text
 * replaces (app/site/words.server.ts). Apart from business.ts so that no page's script carries it. */
export const ABOUT: Translations<string> = {
  en:
    "We are a young, solution-oriented group based in Split, Croatia, specialised in everything " +
    "Croatia has to offer, and we work worldwide. With years of experience in hospitality behind " +
    "us, we help you from the very first idea to its realisation.",
  hr:
    "Mlada smo ekipa iz Splita koja uvijek pronađe rješenje. Poznajemo sve što Hrvatska nudi, a radimo " +
    "po cijelom svijetu. Iza nas su godine iskustva u ugostiteljstvu i turizmu, pa smo uz vas od prve " +
    "ideje do njezina ostvarenja.",
};
