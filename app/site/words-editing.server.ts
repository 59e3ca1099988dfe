import { CITY_IDS } from "~/content/cities";
import type { ServiceSlug } from "~/content/services";
import type { SitePart } from "~/store/site-part.server";
import { readDocument, type SiteDocument } from "./document";
import type { EDIT_SCHEMAS, Words } from "./words";
import { differs } from "./document";
import { shippedAbout, shippedService, shippedTagline, shippedVenues } from "./words.server";
import type { z } from "zod";

type Parsed<K extends keyof typeof EDIT_SCHEMAS> = z.output<(typeof EDIT_SCHEMAS)[K]>;
export type WordsEdit =
  | { part: "home"; value: Parsed<"home"> }
  | { part: "contact"; value: Parsed<"contact"> }
  | { part: ServiceSlug; value: Parsed<"service"> }
  | { part: "replies"; value: Parsed<"replies"> };

/** Not kept when equal to what ships, so a later change to the shipped words reaches the site. */
const kept = <T>(value: T, shipped: T): T | undefined => (differs(value, shipped) ? value : undefined);

function applied(words: Words, edit: WordsEdit): Words {
  const next: Words = { ...words };
  if (edit.part === "home") {
    next.tagline = kept(edit.value.tagline, shippedTagline());
    const cities = Object.fromEntries(
      CITY_IDS.flatMap((id) => {
        const venues = kept(edit.value.venues[id], shippedVenues(id));
        return venues ? [[id, venues]] : [];
      }),
    );
    next.cities = Object.keys(cities).length ? cities : undefined;
  } else if (edit.part === "contact") {
    const { about, ...details } = edit.value;
    next.about = kept(about, shippedAbout());
    const set = Object.fromEntries(Object.entries(details).filter(([, v]) => v));
    next.contact = Object.keys(set).length ? set : undefined;
  } else if (edit.part === "replies") {
    const { answers } = edit.value;
    next.replies = answers.en.length || answers.hr.length ? answers : undefined;
  } else {
    const services = { ...words.services, [edit.part]: kept(edit.value, shippedService(edit.part)) };
    if (!services[edit.part]) delete services[edit.part];
    next.services = Object.keys(services).length ? services : undefined;
  }
  return JSON.parse(JSON.stringify(next)) as Words;
}

/** A stale `revision` changes nothing, and the page keeps what was typed. */
export async function editWords(
  part: Pick<SitePart, "changeDraft">,
  who: { email: string },
  edit: WordsEdit,
  revision: number,
) {
  return part.changeDraft(
    who.email,
    (raw) => {
      const doc = readDocument(raw);
      const words = applied(doc.words ?? {}, edit);
      const next: SiteDocument = { ...doc, words: Object.keys(words).length ? words : undefined };
      return differs(next, doc) ? { draft: next, result: undefined } : undefined;
    },
    revision,
  );
}
