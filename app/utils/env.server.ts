import { randomBytes } from "node:crypto";
import { contactDetailsFrom, emailJsConfigFrom, gatePassed, parseEnv } from "./env-schema.server";

export {
  contactDetailsFrom,
  emailJsConfigFrom,
  envSchema,
  parseEnv,
  warnAboutConfiguration,
  type EmailJsConfig,
  type Env,
} from "./env-schema.server";

/** This process's configuration: the one the server's gate parsed (server/index.ts runs it
 * before loading the app), or, where no gate ran (tests, scripts, the Vite dev server), parsed
 * here. */
export const env = gatePassed() ?? parseEnv(process.env);
export const contactDetails = contactDetailsFrom(env);
export const emailJsConfig = emailJsConfigFrom(env);
export const siteUrl = env.PUBLIC_SITE_URL.replace(/\/+$/, "");

/** Signs the toast cookie. Without SESSION_SECRET a random one per process still keeps the
 * cookie unforgeable; with several replicas every replica needs the same SESSION_SECRET. */
export const sessionSecret = env.SESSION_SECRET ?? randomBytes(32).toString("hex");
export const cookieSecure = env.COOKIE_SECURE ?? env.NODE_ENV === "production";
