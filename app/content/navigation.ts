import { SERVICES } from "./services";

export type NavLink = { to: string; label: string };

export const SERVICE_LINKS: readonly NavLink[] = SERVICES.map((s) => ({ to: `/${s.slug}`, label: s.title }));
export const CONTACT_LINK: NavLink = { to: "/contact", label: "Contact" };
