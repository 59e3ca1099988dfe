import type { Translations } from "./translations";

export type TagName = "source" | "medium" | "campaign";
export type TagProblem = "empty" | "too-long" | "characters";

/** The Site section's campaign link builder. */
const en = {
  title: "Campaign links",
  nav: "Campaign links",
  lead: "Make a link for a post, an ad or a newsletter. Visits and enquiries that come through it are shown under its source and campaign on the overview.",
  page: "Page",
  pageName: (name: string, language: string) => `${name} (${language})`,
  labels: { source: "Source", medium: "Medium (optional)", campaign: "Campaign (optional)" } satisfies Record<
    TagName,
    string
  >,
  hints: {
    source: "Where the link is posted: instagram, facebook, newsletter, a partner's name.",
    medium: "What kind of post: social, email, story, bio, qr.",
    campaign: "A name you will recognise: summer-vip, new-year-2027.",
  } satisfies Record<TagName, string>,
  build: "Make the link",
  problem: (cap: number): Record<TagProblem, string> => ({
    empty: "Write one.",
    "too-long": `At most ${cap} characters.`,
    characters: "Only letters, digits and - . _ ~ + (spaces become hyphens).",
  }),
  choosePage: "Choose a page.",
  cleaned: "Written as visitors' counts will show it:",
  countedAs: (channel: string) => `Visits through it count under: ${channel}.`,
  link: "Your link",
  copy: "Copy the link",
  copied: "Copied.",
  copyFailed: "Could not copy: select the link and copy it.",
  selectHint: "Select the link above and copy it, or use the button.",
};

export type CampaignLinksText = typeof en;

const hr: CampaignLinksText = {
  title: "Poveznice za kampanje",
  nav: "Poveznice za kampanje",
  lead: "Izradite poveznicu za objavu, oglas ili bilten. Posjeti i upiti koji stignu preko nje prikazuju se na pregledu pod njezinim izvorom i kampanjom.",
  page: "Stranica",
  pageName: (name, language) => `${name} (${language})`,
  labels: { source: "Izvor", medium: "Medij (neobavezno)", campaign: "Kampanja (neobavezno)" },
  hints: {
    source: "Gdje se poveznica objavljuje: instagram, facebook, newsletter, ime partnera.",
    medium: "Kakva je objava: social, email, story, bio, qr.",
    campaign: "Naziv koji ćete prepoznati: summer-vip, nova-godina-2027.",
  },
  build: "Izradi poveznicu",
  problem: (cap) => ({
    empty: "Upišite vrijednost.",
    "too-long": `Najviše ${cap} znakova.`,
    characters: "Samo slova, brojke i - . _ ~ + (razmaci postaju crtice).",
  }),
  choosePage: "Odaberite stranicu.",
  cleaned: "Zapisano kako će se prikazati u brojanju posjeta:",
  countedAs: (channel) => `Posjeti preko nje broje se pod: ${channel}.`,
  link: "Vaša poveznica",
  copy: "Kopiraj poveznicu",
  copied: "Kopirano.",
  copyFailed: "Kopiranje nije uspjelo: označite poveznicu i kopirajte je.",
  selectHint: "Označite poveznicu iznad i kopirajte je ili upotrijebite gumb.",
};

export const CAMPAIGN_LINKS: Translations<CampaignLinksText> = { en, hr };
