import type { ServiceSlug } from "~/content/services";
import type { Translations } from "./translations";

/** The header, menu, footer, error pages and the parts every page shares. */
const en = {
  skipLink: "Skip to content",
  /** The logo link's accessible name. */
  logoLabel: (brand: string) => `${brand}, home`,
  /** The title of the home page, after the brand. */
  siteTitle: "VIP Nightlife, Events & Concierge in Split, Croatia",
  home: "Home",
  services: {
    "vip-nightclub-experience": "VIP Nightclub Experience",
    "event-organization": "Event Organization",
    "concierge-services": "Concierge Services",
  } satisfies Record<ServiceSlug, string>,
  contact: "Contact",
  contactUs: "Contact us",
  servicesNav: "Services",
  menu: "Menu",
  mainMenu: "Main menu",
  /** The language switch: its accessible name names the target language in that language. */
  languageNav: "Language",
  footer: {
    pitch: "Nightlife, events and concierge along the Croatian coast and the Balkans.",
    quickLinks: "Quick links",
    info: "Info",
    opensInNewTab: "(opens in a new tab)",
    rights: (year: number, brand: string) => `© ${year} ${brand}. All rights reserved.`,
    privacy: "Privacy",
    madeBy: "Made by",
  },
  whatsapp: {
    label: "WhatsApp",
    /** The accessible name of every WhatsApp link. */
    name: "Message us on WhatsApp (opens WhatsApp in a new tab)",
    /** The message a WhatsApp link starts with, where the page has none of its own. */
    message: (brand: string) => `Hi! I have a question for ${brand}.`,
    /** The message a WhatsApp link on a service page starts with (in the menu and footer too). */
    services: {
      "vip-nightclub-experience": "Hi! I'd like to book a VIP table. Can you help?",
      "event-organization": "Hi! I'm planning an event and would love your help.",
      "concierge-services": "Hi! I'd like some help planning my stay on the coast.",
    } satisfies Record<ServiceSlug, string>,
  },
  errors: {
    label: (status: number) => `Error ${status}`,
    notFoundTitle: "Page not found",
    notFoundMessage: "This page does not exist, or it has moved.",
    title: "Something went wrong",
    message: "We could not show this page. Please try again in a moment, or get in touch with us directly.",
    reachUs: "You can always reach us at",
    or: "or",
    backHome: "Back to the home page",
    crossSiteTitle: "This form can only be sent from our own site",
    crossSiteMessage: "Please open our contact page and send your message from there.",
  },
  toastClose: "Close notification",
  gallery: {
    title: "Gallery",
    loadMore: "Load more",
    allShown: (count: number) => `All ${count} photos shown`,
    showing: (shown: number, total: number) => `Showing ${shown} of ${total} photos`,
  },
};

type LayoutText = typeof en;

const hr: LayoutText = {
  skipLink: "Preskoči na sadržaj",
  logoLabel: (brand) => `${brand}, početna stranica`,
  siteTitle: "VIP noćni život, događanja i concierge u Splitu",
  home: "Početna",
  services: {
    "vip-nightclub-experience": "VIP noćni izlasci",
    "event-organization": "Organizacija događanja",
    "concierge-services": "Concierge usluge",
  },
  contact: "Kontakt",
  contactUs: "Javite nam se",
  servicesNav: "Usluge",
  menu: "Izbornik",
  mainMenu: "Glavni izbornik",
  languageNav: "Jezik",
  footer: {
    pitch: "Noćni život, događanja i concierge duž hrvatske obale i na Balkanu.",
    quickLinks: "Brze poveznice",
    info: "Informacije",
    opensInNewTab: "(otvara se u novoj kartici)",
    rights: (year, brand) => `© ${year} ${brand}. Sva prava pridržana.`,
    privacy: "Privatnost",
    madeBy: "Izradio",
  },
  whatsapp: {
    label: "WhatsApp",
    name: "Pišite nam na WhatsApp (otvara WhatsApp u novoj kartici)",
    message: (brand) => `Pozdrav! Imam pitanje za ${brand}.`,
    services: {
      "vip-nightclub-experience": "Pozdrav! Želim rezervirati VIP stol. Možete li mi pomoći?",
      "event-organization": "Pozdrav! Planiram događanje i trebala bi mi vaša pomoć.",
      "concierge-services": "Pozdrav! Trebam pomoć oko planiranja boravka na obali.",
    },
  },
  errors: {
    label: (status) => `Greška ${status}`,
    notFoundTitle: "Stranica nije pronađena",
    notFoundMessage: "Ova stranica ne postoji ili je premještena.",
    title: "Nešto je pošlo po zlu",
    message:
      "Ovu stranicu trenutačno ne možemo prikazati. Pokušajte ponovno za koji trenutak ili nam se javite izravno.",
    reachUs: "Uvijek nas možete dobiti na",
    or: "ili",
    backHome: "Natrag na početnu",
    crossSiteTitle: "Ovaj obrazac može se poslati samo s naše stranice",
    crossSiteMessage: "Otvorite našu stranicu za kontakt i pošaljite poruku odande.",
  },
  toastClose: "Zatvori obavijest",
  gallery: {
    title: "Galerija",
    loadMore: "Prikaži još",
    allShown: (count) => `Prikazane su sve fotografije (${count})`,
    showing: (shown, total) => `Prikazano ${shown} od ${total} fotografija`,
  },
};

export const LAYOUT: Translations<LayoutText> = { en, hr };
