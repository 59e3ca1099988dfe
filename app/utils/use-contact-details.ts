import { useRouteLoaderData } from "@remix-run/react";
import { DEFAULT_CONTACT, type ContactDetails } from "~/content/site";

/** The defaults where the root loader has no data, as in an error page rendered before it ran. */
export function useContactDetails(): ContactDetails {
  const data = useRouteLoaderData<{ contact?: ContactDetails }>("root");
  return data?.contact ?? DEFAULT_CONTACT;
}
