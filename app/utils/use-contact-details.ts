import { useRouteLoaderData } from "@remix-run/react";
import type { ServiceSlug } from "~/content/services";
import { DEFAULT_CONTACT, type ContactDetails } from "~/content/site";

/** The defaults where the root loader has no data, as in an error page rendered before it ran. */
export function useContactDetails(): ContactDetails {
  const data = useRouteLoaderData<{ contact?: ContactDetails }>("root");
  return data?.contact ?? DEFAULT_CONTACT;
}

/** The services' titles as the owner published them (root loader), else the dictionary's. */
export function useServiceTitles(fallback: Record<ServiceSlug, string>): Record<ServiceSlug, string> {
  return useRouteLoaderData<{ titles?: Record<ServiceSlug, string> }>("root")?.titles ?? fallback;
}
