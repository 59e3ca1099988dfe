import type { GalleryId } from "./galleries";

/** The three service lines. Copy is written from the spec's lists of what each line offers. */
export type Service = {
  slug: "vip-nightclub-experience" | "event-organization" | "concierge-services";
  title: string;
  /** The card text on the home page. */
  summary: string;
  /** Meta description, under 160 characters. */
  metaDescription: string;
  /** The line under the title on the page's share image. */
  shareLine: string;
  intro: string;
  offers: string[];
  closing: string;
  gallery: GalleryId;
};

export const SERVICES: readonly Service[] = [
  {
    slug: "vip-nightclub-experience",
    title: "VIP Nightclub Experience",
    summary: "Guest lists, the best tables and bottle service in the clubs and festivals that matter.",
    metaDescription:
      "VIP access to nightclubs, festivals and social events in Split, Hvar, Zrće and beyond: table booking, bottle service, backstage tours and transfers.",
    shareLine: "Tables, bottle service and backstage access",
    intro:
      "The best nights on the Adriatic are rarely the ones you find by chance. We know the door staff, " +
      "the promoters and the owners, so your evening starts where everyone else's queue ends: at the " +
      "best table in the house, with the bottle already on ice.",
    offers: [
      "Access and booking for nightclubs, festivals and social events",
      "Backstage tours behind the decks and the stage",
      "Table booking in the clubs everyone talks about",
      "Bottle service, arranged before you arrive",
      "Transport by car, boat or helicopter, door to door",
    ],
    closing: "Tell us the date, the city and the size of your group, and we will plan the night around you.",
    gallery: "vip",
  },
  {
    slug: "event-organization",
    title: "Event Organization",
    summary: "Parties, team buildings, weddings and festival production, from first idea to last song.",
    metaDescription:
      "Custom parties, team buildings, weddings, celebrity and DJ appearances and festival production on the Croatian coast, planned from idea to realisation.",
    shareLine: "Parties, team buildings and weddings on the coast",
    intro:
      "A birthday on a rooftop above the old town, a bachelor weekend on a private boat, a company " +
      "retreat that people still talk about a year later. We plan, book and run the whole thing, so " +
      "that on the day the only thing you have to do is enjoy it.",
    offers: [
      "Custom parties: birthday, bachelor, boat, rooftop and pool parties",
      "Hangouts and team buildings for groups of any size",
      "Promotions, banquets and product launches",
      "Celebrity and DJ appearances",
      "Photoshoots in the most photogenic corners of the coast",
      "Complete wedding organization",
      "Festival production",
    ],
    closing:
      "Every event we do is made to measure. Send us your idea, however rough, and we will come back with a plan.",
    gallery: "events",
  },
  {
    slug: "concierge-services",
    title: "Concierge Services",
    summary: "Day trips, boat cruises, helicopter flights and a personal assistant for your whole stay.",
    metaDescription:
      "Day trips, transfers, boat cruises, helicopter sight-seeing, vacation planning and personal assistance along the Croatian coast and the Balkans.",
    shareLine: "Boat cruises, helicopter flights and day trips",
    intro:
      "From the moment you land until the moment you leave, one message to us is all it takes. " +
      "Hidden bays by speedboat, the islands from a helicopter, a table at the restaurant that was " +
      "fully booked: we take care of the details so your holiday feels effortless.",
    offers: [
      "Day trips to islands, national parks and hidden bays",
      "Transport and airport transfers",
      "Boat cruises, from sunset sails to private yachts",
      "Helicopter sight-seeing over the coast and the islands",
      "Vacation organization from start to finish",
      "Personal assistance whenever you need it",
    ],
    closing:
      "Travelling along the Croatian coast or the Balkans? Tell us what you have in mind and we will arrange the rest.",
    gallery: "concierge",
  },
];

/** The service whose page is at this path (a trailing slash allowed), if any. */
export function serviceAtPath(pathname: string): Service | undefined {
  const slug = pathname.replace(/\/+$/, "").split("/").pop();
  return SERVICES.find((s) => s.slug === slug);
}
