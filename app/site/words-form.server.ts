import { CITY_IDS } from "~/content/cities";
import { isServiceSlug } from "~/content/services";
import { differs, type SiteDocument } from "./document";
import { CONTACT_KEYS, SERVICE_FIELDS, type WordPart } from "./words";
import {
  contactSources,
  shippedAbout,
  shippedService,
  shippedTagline,
  shippedVenues,
  type Source,
} from "./words.server";

export function formOf(part: WordPart, draft: SiteDocument, published: SiteDocument) {
  const values: Record<string, string> = {};
  const sources: Record<string, Source> = {};
  const [d, p] = [draft.words ?? {}, published.words ?? {}];
  const bi = (name: string, v: { en: string | string[]; hr: string | string[] }) => {
    for (const l of ["en", "hr"] as const) values[`${name}.${l}`] = [v[l]].flat().join("\n");
  };
  if (part === "home") {
    bi("tagline", d.tagline ?? shippedTagline());
    sources.tagline = p.tagline && differs(p.tagline, shippedTagline()) ? "published" : "default";
    for (const id of CITY_IDS) {
      values[`venues.${id}`] = (d.cities?.[id] ?? shippedVenues(id)).join("\n");
      sources[`venues.${id}`] = p.cities?.[id] ? "published" : "default";
    }
  } else if (part === "contact") {
    bi("about", d.about ?? shippedAbout());
    sources.about = p.about ? "published" : "default";
    for (const k of CONTACT_KEYS) values[k] = d.contact?.[k] ?? "";
    Object.assign(sources, contactSources(p));
  } else if (part === "replies") {
    bi("answers", d.replies ?? { en: [], hr: [] });
    sources.answers = p.replies ? "published" : "default";
  } else if (isServiceSlug(part)) {
    const s = d.services?.[part] ?? shippedService(part);
    for (const k of SERVICE_FIELDS) {
      bi(k, s[k]);
      sources[k] =
        p.services?.[part] && differs(p.services[part][k], shippedService(part)[k]) ? "published" : "default";
    }
  }
  return { values, sources };
}
