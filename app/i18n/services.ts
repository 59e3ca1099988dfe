import type { ServiceSlug } from "~/content/services";
import type { Translations } from "./translations";

/** A service page's texts. Its title is in the layout's dictionary (the menu names it). */
type ServiceCopy = {
  /** The card text on the home page. */
  summary: string;
  /** Meta description, under 160 characters. */
  metaDescription: string;
  intro: string;
  offers: string[];
  closing: string;
};

const en = {
  eyebrow: "Our services",
  offersTitle: "What we arrange",
  furtherInfo: "Contact us for further information or any special request.",
  cta: "Contact",
  imageAlt: (title: string, brand: string) => `${title} by ${brand}, on a night-time Adriatic skyline`,
  pages: {
    "vip-nightclub-experience": {
      summary: "Guest lists, the best tables and bottle service in the clubs and festivals that matter.",
      metaDescription:
        "VIP access to nightclubs, festivals and social events in Split, Hvar, Zrće and beyond: table booking, bottle service, backstage tours and transfers.",
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
    },
    "event-organization": {
      summary: "Parties, team buildings, weddings and festival production, from first idea to last song.",
      metaDescription:
        "Custom parties, team buildings, weddings, celebrity and DJ appearances and festival production on the Croatian coast, planned from idea to realisation.",
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
    },
    "concierge-services": {
      summary: "Day trips, boat cruises, helicopter flights and a personal assistant for your whole stay.",
      metaDescription:
        "Day trips, transfers, boat cruises, helicopter sight-seeing, vacation planning and personal assistance along the Croatian coast and the Balkans.",
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
    },
  } satisfies Record<ServiceSlug, ServiceCopy>,
};

type ServicesText = typeof en;

const hr: ServicesText = {
  eyebrow: "Naše usluge",
  offersTitle: "Što organiziramo",
  furtherInfo: "Javite nam se za više informacija ili bilo kakvu posebnu želju.",
  cta: "Kontakt",
  imageAlt: (title, brand) => `${title}, ${brand}, na noćnom obrisu jadranskog grada`,
  pages: {
    "vip-nightclub-experience": {
      summary: "Liste gostiju, najbolji stolovi i usluga pića u klubovima i na festivalima koji se pamte.",
      metaDescription:
        "VIP ulaz u noćne klubove, na festivale i društvena događanja u Splitu, na Hvaru, Zrću i šire: rezervacija stolova, boce uz stol, backstage i prijevoz.",
      intro:
        "Najbolje noći na Jadranu rijetko se dogode slučajno. Poznajemo ljude na vratima, promotore i " +
        "vlasnike, pa vaša večer počinje ondje gdje ostali tek čekaju u redu: za najboljim stolom u klubu, " +
        "uz bocu koja se već hladi u ledu.",
      offers: [
        "Ulaz i rezervacije za noćne klubove, festivale i društvena događanja",
        "Obilazak backstagea, iza DJ pulta i pozornice",
        "Rezervacija stolova u klubovima o kojima svi pričaju",
        "Boce uz stol, pripremljene prije vašeg dolaska",
        "Prijevoz automobilom, brodom ili helikopterom, od vrata do vrata",
      ],
      closing: "Recite nam datum, grad i koliko vas je, a mi ćemo noć isplanirati po vašoj mjeri.",
    },
    "event-organization": {
      summary: "Zabave, team buildinzi, vjenčanja i produkcija festivala, od prve ideje do posljednje pjesme.",
      metaDescription:
        "Zabave po mjeri, team buildinzi, vjenčanja, nastupi poznatih osoba i DJ-eva te produkcija festivala na hrvatskoj obali, od ideje do realizacije.",
      intro:
        "Rođendan na krovnoj terasi iznad staroga grada, momačka na privatnom brodu, firmin izlet o kojem " +
        "se priča još godinu dana kasnije. Sve planiramo, rezerviramo i vodimo mi, a vi na sam dan samo " +
        "uživate.",
      offers: [
        "Zabave po mjeri: rođendani, momačke i djevojačke, zabave na brodu, na krovu i uz bazen",
        "Druženja i team buildinzi za grupe svih veličina",
        "Promocije, svečane večere i predstavljanja proizvoda",
        "Nastupi poznatih osoba i DJ-eva",
        "Fotografiranja na najljepšim mjestima obale",
        "Kompletna organizacija vjenčanja",
        "Produkcija festivala",
      ],
      closing:
        "Svako je naše događanje izrađeno po mjeri. Pošaljite nam svoju ideju, makar i u grubim crtama, a mi ćemo vam se javiti s planom.",
    },
    "concierge-services": {
      summary: "Izleti, krstarenja brodom, letovi helikopterom i osobni asistent tijekom cijeloga boravka.",
      metaDescription:
        "Izleti, transferi, krstarenja brodom, razgledavanje helikopterom, planiranje odmora i osobna asistencija duž hrvatske obale i na Balkanu.",
      intro:
        "Od trenutka kad sletite do trenutka kad odlazite, dovoljna je jedna poruka. Skrivene uvale " +
        "gliserom, otoci iz helikoptera, stol u restoranu koji je bio potpuno pun: mi se brinemo o " +
        "detaljima, a vaš odmor teče bez napora.",
      offers: [
        "Izleti na otoke, u nacionalne parkove i skrivene uvale",
        "Prijevoz i transferi iz zračne luke",
        "Krstarenja brodom, od plovidbe u zalazak sunca do privatnih jahti",
        "Razgledavanje obale i otoka iz helikoptera",
        "Organizacija odmora od početka do kraja",
        "Osobna asistencija kad god vam zatreba",
      ],
      closing: "Putujete hrvatskom obalom ili Balkanom? Recite nam što imate na umu, a za ostalo ćemo se pobrinuti mi.",
    },
  },
};

export const SERVICE_TEXT: Translations<ServicesText> = { en, hr };
