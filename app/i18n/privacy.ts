import { plural, type Translations } from "./translations";

/** The facts the privacy notice states, read from the code and the configuration by the
 * privacy route's loader (app/routes/privacy.tsx), never written into the text by hand. */
export type PrivacyFacts = {
  brand: string;
  location: string;
  email: string;
  phone: string;
  /** The form's fields, as the form labels them. */
  fields: string[];
  /** Days an enquiry stays on the server once it reached the team (ENQUIRY_RETENTION_DAYS). */
  retentionDays: number;
  /** Days a message caught as spam is kept for our team to check (SPAM_RETENTION_DAYS). */
  spamRetentionDays: number;
  /** Hours the server keeps retrying an enquiry EmailJS refuses (OUTBOX_GIVE_UP_HOURS). */
  giveUpHours: number;
  /** Minutes the address of a sender is remembered for the rate limit (RATE_LIMIT_WINDOW_SECONDS). */
  rateLimitMinutes: number;
  /** Whether WhatsApp links are shown (WHATSAPP_NUMBER is set). */
  whatsapp: boolean;
  /** Where else enquiries are posted for the team (the configured chat and webhook channels). */
  teamChannels: string[];
  /** Whether the sender is e-mailed a confirmation (EMAILJS_CONFIRMATION_TEMPLATE_ID). */
  confirmation: boolean;
  /** Days the visits' daily counts are kept (VISIT_RETENTION_DAYS). */
  visitRetentionDays: number;
};

type PrivacySection = { heading: string; paragraphs: string[] };

/**
 * The privacy notice (GDPR art. 13) in each language. Operators who need other wording replace
 * the paragraphs here; the facts stay those of the running configuration.
 */
const en = {
  title: "Privacy notice",
  description:
    "Who handles the details you send us through the contact form, why, with whom, for how long, and your rights.",
  heading: "Privacy notice",
  intro: (f: PrivacyFacts) =>
    `This notice explains what happens to the details you give ${f.brand} on this website, as the EU's General Data Protection Regulation (art. 13) asks.`,
  sections: (f: PrivacyFacts): PrivacySection[] => [
    {
      heading: "Who is responsible",
      paragraphs: [
        `${f.brand}, ${f.location}, is the controller of your data. You can reach us at ${f.email} or ${f.phone} about anything in this notice.`,
      ],
    },
    {
      heading: "What we collect, and why",
      paragraphs: [
        `When you send the contact form we receive what you type into it: ${f.fields.join(", ").toLowerCase()}. We use it only to answer your enquiry and to arrange what you ask us for. The legal basis is your request before a possible contract (art. 6(1)(b) GDPR).`,
        `To stop floods of automated messages, the server remembers the network address a form comes from for ${f.rateLimitMinutes} ${plural("en", f.rateLimitMinutes, { one: "minute", other: "minutes" })}, in memory only. Its request log records which page was asked for and when, not who asked.`,
      ],
    },
    {
      heading: "Who else handles it",
      paragraphs: [
        `Your enquiry is passed to EmailJS (emailjs.com), the service that turns the form into an e-mail to our inbox, and to the e-mail provider of that inbox.${
          f.teamChannels.length
            ? ` It is also posted to our team's ${f.teamChannels.join(", ")}, read only by our staff.`
            : ""
        }${
          f.confirmation
            ? " EmailJS also sends you one e-mail confirming that we received your enquiry, with its reference, to the address you gave (at most one an hour to an address, never your message repeated)."
            : ""
        } They act on our behalf and for no other purpose; their own privacy notices say where they process data.`,
        "We do not sell your data, and we share it with a venue, a boat or a transfer company only when you ask us to book it for you.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        `We keep your enquiry (what you wrote, your reference and our notes on it) on our server, where our team reads and answers it. ${plural("en", f.retentionDays, { one: "One day", other: `${f.retentionDays} days` })} after it has reached our team (delivered to us, or answered from our inbox), it is erased; one that has not yet reached us is kept until it has. You can ask us at any time for a copy of what we hold about you, or to erase it: quote your reference or your e-mail address.`,
        `A message our automatic checks take for spam (for instance one sent within seconds of opening the page, or mostly links) is not sent to anyone: it is kept on our server for our team to check, so a real enquiry caught by mistake is not lost, and erased ${plural("en", f.spamRetentionDays, { one: "one day", other: `${f.spamRetentionDays} days` })} after it came unless we move it to our inbox.`,
        "The e-mail we receive stays in our inbox for as long as we are in touch with you about your enquiry or booking.",
      ],
    },
    {
      heading: "Counting visits, without cookies",
      paragraphs: [
        "To know which pages are read and how visitors find us (a search engine, a post on Instagram, a link in one of our campaigns), our own server counts visits to the public pages. It counts, for each day: the page, its language, the kind of device (phone, tablet or computer), the site you came from (its name only, such as instagram.com) and the campaign named in the link you followed. Nothing is sent to another company.",
        "To count a visitor once a day rather than once a page, the server mixes your network address and your browser's name with a random key that is made new every day and deleted when the day ends, and keeps only a one-way digest (a hash) of the mix, for that day. The digest cannot be turned back into your address, and since the key is gone the next day, it cannot be linked to your visits on another day. Your network address and your browser's name are never stored, no cookie is set and nothing is stored on your device for this.",
        `Because nothing is read from or stored on your device, and no one can be identified from the counts, this counting needs no consent banner: the ePrivacy rules on consent concern storing or reading information on your device, which this does not do, and its legal basis is our legitimate interest in knowing which pages and campaigns work (art. 6(1)(f) GDPR). Search engines' robots, link previews, our staff and the site's own checks are not counted. If your browser sends Global Privacy Control or Do Not Track, your visits are still only counted in these daily totals, and an enquiry you send does not keep how you arrived.`,
        `The daily counts hold no personal data and are kept for ${plural("en", f.visitRetentionDays, { one: "one day", other: `${f.visitRetentionDays} days` })}; each day's digests are deleted when the day ends.`,
        "When you send an enquiry, it keeps how you first arrived that day (the site you came from, the campaign, the first page you saw), so that we can see which campaigns bring enquiries and bookings. This is kept with your enquiry and erased with it.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        'After you send the form, one cookie named "toast" carries the message that tells you whether it arrived. It is deleted as soon as that message is shown, is never read by anyone else, and is needed for the form to answer you, so we do not ask for consent. This website uses no analytics, advertising or tracking cookies and loads nothing from other companies.',
        "While you fill in the form, what you have typed is also kept in this browser tab (its session storage; it is not sent anywhere), so that reloading the page does not lose it. It is removed once your enquiry is sent, and when you close the tab.",
        ...(f.whatsapp
          ? [
              "The WhatsApp links open WhatsApp only when you click one; what you then send there is handled under WhatsApp's own terms.",
            ]
          : []),
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        `You may ask us for a copy of your data, to correct it, to delete it, to restrict or object to its use, and to receive it in a portable form: write to ${f.email}. You may also complain to the Croatian data protection authority (Agencija za zaštitu osobnih podataka, azop.hr).`,
      ],
    },
  ],
};

type PrivacyText = typeof en;

const hr: PrivacyText = {
  title: "Izjava o privatnosti",
  description:
    "Tko obrađuje podatke koje nam pošaljete putem obrasca, zašto, s kim ih dijeli, koliko ih dugo čuva i koja su vaša prava.",
  heading: "Izjava o privatnosti",
  intro: (f) =>
    `Ovdje objašnjavamo što se događa s podacima koje na ovoj stranici date tvrtki ${f.brand}, kako to traži Opća uredba o zaštiti podataka (GDPR, čl. 13.).`,
  sections: (f) => [
    {
      heading: "Tko je odgovoran",
      paragraphs: [
        `Voditelj obrade vaših podataka je ${f.brand}, ${f.location}. Za sve u vezi s ovom izjavom možete nam se javiti na ${f.email} ili ${f.phone}.`,
      ],
    },
    {
      heading: "Što prikupljamo i zašto",
      paragraphs: [
        `Kad pošaljete obrazac, primamo ono što ste u njega upisali: ${f.fields.join(", ").toLowerCase()}. Koristimo to samo kako bismo odgovorili na vaš upit i organizirali ono što tražite. Pravna osnova je vaš zahtjev prije mogućeg sklapanja ugovora (čl. 6. st. 1. t. (b) GDPR-a).`,
        `Kako bismo spriječili poplavu automatskih poruka, poslužitelj ${f.rateLimitMinutes} ${plural("hr", f.rateLimitMinutes, { one: "minutu", few: "minute", other: "minuta" })} pamti mrežnu adresu s koje je obrazac poslan, i to samo u radnoj memoriji. Njegov zapisnik zahtjeva bilježi koja je stranica zatražena i kada, ali ne i tko ju je zatražio.`,
      ],
    },
    {
      heading: "Tko još obrađuje podatke",
      paragraphs: [
        `Vaš upit prosljeđujemo servisu EmailJS (emailjs.com), koji od obrasca izrađuje e-mail za naš sandučić, i pružatelju e-mail usluge tog sandučića.${
          f.teamChannels.length
            ? ` Objavljujemo ga i za naš tim: ${f.teamChannels.join(", ")}, gdje ga čita samo naše osoblje.`
            : ""
        }${
          f.confirmation
            ? " EmailJS vam na adresu koju ste upisali šalje i jedan e-mail kojim potvrđujemo da smo primili vaš upit, s njegovim brojem (najviše jedan na sat na istu adresu, bez ponavljanja vaše poruke)."
            : ""
        } Oni podatke obrađuju u naše ime i ni u koju drugu svrhu; u njihovim izjavama o privatnosti piše gdje ih obrađuju.`,
        "Vaše podatke ne prodajemo, a klubu, brodu ili prijevozniku dajemo ih samo kad nas zamolite da za vas nešto rezerviramo.",
      ],
    },
    {
      heading: "Koliko dugo ih čuvamo",
      paragraphs: [
        `Vaš upit (ono što ste napisali, oznaku upita i naše bilješke) čuvamo na našem poslužitelju, gdje ga naš tim čita i odgovara na njega. ${f.retentionDays} ${plural("hr", f.retentionDays, { one: "dan", other: "dana" })} nakon što stigne do našeg tima (isporučen nam je ili smo na njega odgovorili iz sandučića) briše se; upit koji još nije stigao do nas čuvamo dok ne stigne. U svakom nas trenutku možete zamoliti za kopiju podataka koje o vama čuvamo ili za njihovo brisanje: navedite oznaku upita ili svoju adresu e-pošte.`,
        `Poruku koju naše automatske provjere smatraju neželjenom (primjerice poslanu nekoliko sekundi nakon otvaranja stranice ili punu poveznica) ne šaljemo nikome: čuvamo je na poslužitelju kako bi je naš tim provjerio i kako se stvarni upit uhvaćen greškom ne bi izgubio, a briše se ${f.spamRetentionDays} ${plural("hr", f.spamRetentionDays, { one: "dan", other: "dana" })} nakon dolaska, osim ako je premjestimo u sandučić.`,
        "E-mail koji primimo ostaje u našem sandučiću dok smo s vama u kontaktu oko upita ili rezervacije.",
      ],
    },
    {
      heading: "Brojanje posjeta, bez kolačića",
      paragraphs: [
        "Kako bismo znali koje se stranice čitaju i kako nas posjetitelji pronalaze (tražilica, objava na Instagramu, poveznica iz neke naše kampanje), naš poslužitelj broji posjete javnim stranicama. Za svaki dan broji: stranicu, njezin jezik, vrstu uređaja (mobitel, tablet ili računalo), stranicu s koje ste došli (samo njezino ime, npr. instagram.com) i kampanju navedenu u poveznici koju ste otvorili. Ništa se ne šalje drugoj tvrtki.",
        "Da bi se posjetitelj brojao jednom na dan, a ne za svaku stranicu, poslužitelj vašu mrežnu adresu i naziv preglednika miješa sa slučajnim ključem koji se svaki dan stvara iznova i briše na kraju dana, a čuva samo jednosmjerni sažetak (hash) te mješavine, i to za taj dan. Iz sažetka se ne može dobiti vaša adresa, a kako ključa sljedeći dan više nema, ne može se povezati s vašim posjetima drugih dana. Vaša mrežna adresa i naziv preglednika nikad se ne spremaju, ne postavlja se kolačić i ništa se za to ne sprema na vaš uređaj.",
        `Budući da se s vašeg uređaja ništa ne čita niti se na njega išta sprema, a iz brojeva se nitko ne može prepoznati, za ovo brojanje nije potreban natpis za privolu: pravila o e-privatnosti traže privolu za spremanje ili čitanje podataka na vašem uređaju, a ovo to ne čini; pravna osnova je naš legitimni interes da znamo koje stranice i kampanje djeluju (čl. 6. st. 1. t. (f) GDPR-a). Roboti tražilica, pregledi poveznica, naše osoblje i vlastite provjere stranice ne broje se. Ako vaš preglednik šalje signal GPC ili DNT („ne prati me”), vaši se posjeti i dalje broje samo u tim dnevnim zbrojevima, a upit koji pošaljete ne zadržava kako ste stigli.`,
        `Dnevni brojevi ne sadrže osobne podatke i čuvaju se ${f.visitRetentionDays} ${plural("hr", f.visitRetentionDays, { one: "dan", other: "dana" })}; sažeci svakog dana brišu se na njegovu kraju.`,
        "Kad pošaljete upit, uz njega ostaje zapisano kako ste taj dan prvi put stigli (stranica s koje ste došli, kampanja, prva stranica koju ste vidjeli), kako bismo vidjeli koje kampanje donose upite i rezervacije. To se čuva s vašim upitom i briše zajedno s njim.",
      ],
    },
    {
      heading: "Kolačići",
      paragraphs: [
        "Nakon slanja obrasca jedan kolačić, naziva „toast”, prenosi poruku koja vam javlja je li obrazac stigao. Briše se čim se poruka prikaže, nitko ga drugi ne čita i potreban je da bi vam obrazac odgovorio, pa za njega ne tražimo privolu. Ova stranica ne koristi kolačiće za analitiku, oglašavanje ni praćenje i ne učitava ništa od drugih tvrtki.",
        "Dok ispunjavate obrazac, ono što ste upisali čuva se i u ovoj kartici preglednika (u njezinoj privremenoj pohrani; ne šalje se nikamo), kako se ponovnim učitavanjem stranice ne bi izgubilo. Briše se čim je upit poslan i kad zatvorite karticu.",
        ...(f.whatsapp
          ? [
              "Poveznice na WhatsApp otvaraju WhatsApp tek kad na neku kliknete; ono što ondje pošaljete obrađuje se prema WhatsAppovim uvjetima.",
            ]
          : []),
      ],
    },
    {
      heading: "Vaša prava",
      paragraphs: [
        `Možete zatražiti kopiju svojih podataka, njihov ispravak ili brisanje, ograničenje obrade ili prigovor na nju te prijenos podataka: pišite na ${f.email}. Pritužbu možete uputiti i Agenciji za zaštitu osobnih podataka (azop.hr).`,
      ],
    },
  ],
};

export const PRIVACY: Translations<PrivacyText> = { en, hr };
