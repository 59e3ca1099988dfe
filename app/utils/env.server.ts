import { randomBytes } from "node:crypto";
import { contactDetailsFrom, gatePassed, parseEnv } from "./env-schema.server";
import { liveContact } from "./live-contact.server";

export { contactDetailsFrom, emailJsConfigFrom, parseEnv, type EmailJsConfig } from "./env-schema.server";

/** Where no gate ran (tests, scripts, the Vite dev server), parsed here. */
export const env = gatePassed() ?? parseEnv(process.env);
export const contactDetails = contactDetailsFrom(env);
/** What the site shows now: the published details, else the environment's. */
export const currentContact = () => liveContact() ?? contactDetails;
export const siteUrl = env.PUBLIC_SITE_URL.replace(/\/+$/, "");

/** A random secret still keeps the cookie unforgeable; replicas need the same SESSION_SECRET. */
export const sessionSecret = env.SESSION_SECRET ?? randomBytes(32).toString("hex");
export const cookieSecure = env.COOKIE_SECURE ?? env.NODE_ENV === "production";
/** A staff session seen no later than this ago is live; a preview it started shows only while it is. */
export const staffIdleMs = env.STAFF_SESSION_IDLE_MINUTES * 60_000;
