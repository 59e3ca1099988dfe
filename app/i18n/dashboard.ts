import type { Locale } from "./locale";
import { plural, type Translations } from "./translations";

/** The owner's overview at /staff: the weeks' charts, their numbers and this week against the last. */
const en = {
  title: "Overview",
  lead: (weeks: number) =>
    `The last ${weeks} weeks, Monday to Sunday in Croatian time; an enquiry counts in the week it arrived. Spam is never counted.`,
  counted: (time: string) => `As of ${time}.`,
  compare: "This week",
  thisWeek: "This week so far",
  lastWeekSoFar: "Last week by this time",
  lastWeek: "All of last week",
  enquiries: "Enquiries",
  booked: "Booked",
  reply: "Median time to first reply",
  perService: "Enquiries per week, by service",
  perLanguage: "Enquiries per week, by language",
  replyChart: "Median time to first reply, per week",
  pagesChart: "Where the enquiries were sent from",
  serviceSummary: (total: number, booked: number, weeks: number) =>
    `${count(total, "enquiry", "enquiries")} in ${weeks} weeks, ${booked} booked.`,
  languageSummary: (parts: string) => `In all: ${parts}.`,
  replySummary: (median: string, replied: number) =>
    `Over all the weeks: ${median}, from ${count(replied, "answered enquiry", "answered enquiries")}.`,
  pagesSummary: (pages: number, total: number) =>
    `The ${count(pages, "page", "pages")} most enquiries came from, of ${total} in all.`,
  numbers: "The numbers",
  week: "Week of",
  total: "Enquiries",
  replied: "Answered",
  page: "Page",
  count: "Enquiries",
  thisWeekShort: "this week",
  noReply: "no reply yet",
  noPages: "No enquiries in these weeks.",
  unknownPage: "(not known)",
  languages: { en: "English", hr: "Croatian" } satisfies Record<Locale, string>,
  change: (delta: number) => (delta === 0 ? "the same" : delta > 0 ? `${delta} more` : `${-delta} fewer`),
  versus: (what: string, change: string) => `${what} (${change})`,
  duration: (seconds: number) => duration(seconds, { minute: "min", hour: "h", day: "d", under: "under a minute" }),
  funnel: {
    title: "Where the bookings come from",
    lead: "Visitors are counted once a day, by how they first arrived that day (no cookie); an enquiry keeps the source of its visitor's day. Spam is never counted.",
    period: "Period",
    periods: (days: number) => (days === 1 ? "Today" : `Last ${days} days`),
    by: "By",
    byChannel: "Source",
    byCampaign: "Campaign",
    show: "Show",
    steps: {
      visitors: "Visitors",
      contactVisitors: "Saw the contact page",
      enquiries: "Enquiries",
      replied: "Replied",
      booked: "Booked",
    },
    short: {
      visitors: "Visits",
      contactVisitors: "Contact",
      enquiries: "Enquiries",
      replied: "Replied",
      booked: "Booked",
    },
    chart: (from: string, to: string) => `All sources, ${from} – ${to}`,
    summary: (visitors: number, enquiries: number, booked: number) =>
      `${count(visitors, "visitor", "visitors")}, ${count(enquiries, "enquiry", "enquiries")}, ${booked} booked.`,
    rate: (percent: string) => `${percent} of the step before`,
    heads: ["Step", "Count", "Share of the step before"] as [string, string, string],
    tableTitle: (by: string) => `Each step by ${by.toLowerCase()}, and its share of the step before`,
    noCampaign: "(no campaign)",
    unknown: "(not known)",
    none: "Nothing counted in this period yet.",
    more: (n: number) => `and ${count(n, "other", "others")} with fewer visitors`,
  },
};

type DashboardText = typeof en;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function duration(seconds: number, unit: { minute: string; hour: string; day: string; under: string }) {
  const minutes = Math.round(seconds / 60);
  if (minutes < 1) return unit.under;
  if (minutes < 60) return `${minutes} ${unit.minute}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48)
    return minutes % 60 ? `${hours} ${unit.hour} ${minutes % 60} ${unit.minute}` : `${hours} ${unit.hour}`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} ${unit.day} ${hours % 24} ${unit.hour}` : `${days} ${unit.day}`;
}

const hr: DashboardText = {
  title: "Pregled",
  lead: (weeks: number) =>
    `Zadnjih ${weeks} tjedana, od ponedjeljka do nedjelje po hrvatskom vremenu; upit se broji u tjednu u kojem je stigao. Neželjeni upiti (spam) se nikad ne broje.`,
  counted: (time: string) => `Stanje u ${time}.`,
  compare: "Ovaj tjedan",
  thisWeek: "Ovaj tjedan dosad",
  lastWeekSoFar: "Prošli tjedan do ovog trenutka",
  lastWeek: "Cijeli prošli tjedan",
  enquiries: "Upiti",
  booked: "Rezervirano",
  reply: "Medijan vremena do prvog odgovora",
  perService: "Upiti po tjednu, po usluzi",
  perLanguage: "Upiti po tjednu, po jeziku",
  replyChart: "Medijan vremena do prvog odgovora, po tjednu",
  pagesChart: "S kojih su stranica upiti poslani",
  serviceSummary: (total: number, booked: number, weeks: number) =>
    `${total} ${plural("hr", total, { one: "upit", few: "upita", other: "upita" })} u ${weeks} tjedana, rezervirano ${booked}.`,
  languageSummary: (parts: string) => `Ukupno: ${parts}.`,
  replySummary: (median: string, replied: number) => `Za sve tjedne: ${median}, od ${replied} odgovorenih upita.`,
  pagesSummary: (pages: number, total: number) =>
    `${pages} ${plural("hr", pages, { one: "stranica", few: "stranice", other: "stranica" })} s najviše upita, od ukupno ${total}.`,
  numbers: "Brojke",
  week: "Tjedan od",
  total: "Upiti",
  replied: "Odgovoreno",
  page: "Stranica",
  count: "Upiti",
  thisWeekShort: "ovaj tjedan",
  noReply: "još bez odgovora",
  noPages: "U ovim tjednima nema upita.",
  unknownPage: "(nepoznato)",
  languages: { en: "engleski", hr: "hrvatski" },
  change: (delta: number) => (delta === 0 ? "jednako" : delta > 0 ? `${delta} više` : `${-delta} manje`),
  versus: (what: string, change: string) => `${what} (${change})`,
  duration: (seconds: number) => duration(seconds, { minute: "min", hour: "h", day: "d", under: "manje od minute" }),
  funnel: {
    title: "Odakle dolaze rezervacije",
    lead: "Posjetitelji se broje jednom na dan, prema tome kako su taj dan prvi put stigli (bez kolačića); upit zadržava izvor posjetiteljeva dana. Neželjeni upiti (spam) se nikad ne broje.",
    period: "Razdoblje",
    periods: (days: number) => (days === 1 ? "Danas" : `Zadnjih ${days} dana`),
    by: "Prema",
    byChannel: "Izvoru",
    byCampaign: "Kampanji",
    show: "Prikaži",
    steps: {
      visitors: "Posjetitelji",
      contactVisitors: "Vidjeli stranicu za kontakt",
      enquiries: "Upiti",
      replied: "Odgovoreno",
      booked: "Rezervirano",
    },
    short: {
      visitors: "Posjeti",
      contactVisitors: "Kontakt",
      enquiries: "Upiti",
      replied: "Odgov.",
      booked: "Rezerv.",
    },
    chart: (from: string, to: string) => `Svi izvori, ${from} – ${to}`,
    summary: (visitors: number, enquiries: number, booked: number) =>
      `${visitors} ${plural("hr", visitors, { one: "posjetitelj", few: "posjetitelja", other: "posjetitelja" })}, ${enquiries} ${plural("hr", enquiries, { one: "upit", few: "upita", other: "upita" })}, rezervirano ${booked}.`,
    rate: (percent: string) => `${percent} prethodnog koraka`,
    heads: ["Korak", "Broj", "Udio u prethodnom koraku"],
    tableTitle: (by: string) => `Svaki korak prema ${by.toLowerCase()} i njegov udio u prethodnom koraku`,
    noCampaign: "(bez kampanje)",
    unknown: "(nepoznato)",
    none: "U ovom razdoblju još ništa nije izbrojeno.",
    more: (n: number) => `i još ${n} s manje posjetitelja`,
  },
};

export const DASHBOARD: Translations<DashboardText> = { en, hr };
