import { CITY_NAMES } from "./cities";
import type { Translations } from "./translations";

/** The home page. Venue names are names and stay as they are (app/content/cities.ts). */
const en = {
  description:
    "VIP nightclub access, unforgettable events and personal concierge in Split and along the Croatian coast and the Balkans. Tell us your plans and we make them happen.",
  imageAlt: "Adriatic VIP: VIP nightlife, events and concierge, on a night-time Adriatic skyline",
  tagline: "Unique Experience",
  heroCopy:
    "VIP nightlife, tailor-made events and personal concierge in Split, along the Croatian coast and across the Balkans.",
  explore: "Explore services",
  ourServices: "Our services",
  findNeeds: "Find your needs",
  discover: "Discover →",
  citiesEyebrow: "Where we go out",
  citiesTitle: "Things we do the most",
  citiesPrompt: "Click on city and see!",
  citiesNav: "Cities",
  cities: CITY_NAMES.en,
  /** Shown beside the cities abroad, in capitals as the design has it. */
  countries: { budva: "MONTENEGRO", belgrade: "SERBIA" },
  abroad: {
    budva: "Clubs, beach parties and private events across Montenegro: ask us what is on during your stay.",
    belgrade: "Clubs, beach parties and private events across Serbia: ask us what is on during your stay.",
  },
  galleryEyebrow: "Gallery",
  galleryTitle: "See How It Looks",
};

type HomeText = typeof en;

const hr: HomeText = {
  description:
    "VIP ulaz u klubove, nezaboravna događanja i osobni concierge u Splitu, duž hrvatske obale i na Balkanu. Recite nam što planirate, a mi ćemo to ostvariti.",
  imageAlt: "Adriatic VIP: VIP noćni život, događanja i concierge, na noćnom obrisu jadranskog grada",
  tagline: "Jedinstveno iskustvo",
  heroCopy: "VIP noćni život, događanja po mjeri i osobni concierge u Splitu, duž hrvatske obale i diljem Balkana.",
  explore: "Pogledajte usluge",
  ourServices: "Naše usluge",
  findNeeds: "Pronađite što vam treba",
  discover: "Saznajte više →",
  citiesEyebrow: "Gdje izlazimo",
  citiesTitle: "Ono što najčešće radimo",
  citiesPrompt: "Kliknite na grad i pogledajte!",
  citiesNav: "Gradovi",
  cities: CITY_NAMES.hr,
  countries: { budva: "CRNA GORA", belgrade: "SRBIJA" },
  abroad: {
    budva: "Klubovi, zabave na plaži i privatna događanja diljem Crne Gore: pitajte nas što se događa dok ste ondje.",
    belgrade: "Klubovi, zabave na plaži i privatna događanja diljem Srbije: pitajte nas što se događa dok ste ondje.",
  },
  galleryEyebrow: "Galerija",
  galleryTitle: "Pogledajte kako to izgleda",
};

export const HOME: Translations<HomeText> = { en, hr };
