import type { MetaDescriptor } from "@remix-run/node";
import { BRAND } from "~/content/site";

/** Title and description for a page; the brand is appended to every title but the home page's. */
export function pageMeta(title: string | null, description: string): MetaDescriptor[] {
  return [
    { title: title ? `${title} | ${BRAND}` : `${BRAND} | VIP Nightlife, Events & Concierge in Split, Croatia` },
    { name: "description", content: description },
  ];
}
