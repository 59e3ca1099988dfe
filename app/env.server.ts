import { z } from "zod";
import { DEFAULT_CONTACT, type ContactDetails } from "~/content/site";

/** Server configuration, validated once at boot: a wrong value stops the server with a
 * message that names it, instead of failing on a visitor's request later. */
const optionalText = z.string().trim().min(1).optional();

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  CONTACT_EMAIL: z.email().optional(),
  CONTACT_PHONE: z
    .string()
    .trim()
    .regex(/^\+?[\d\s().-]{6,24}$/, "a phone number such as +385 21 000 000")
    .optional(),
  SOCIAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  SOCIAL_LABEL: optionalText,
});

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  // Treat empty strings (common in .env files and compose) as unset.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment configuration:\n${problems}`);
  }
  return result.data;
}

export function contactDetailsFrom(env: Env): ContactDetails {
  return {
    email: env.CONTACT_EMAIL ?? DEFAULT_CONTACT.email,
    phone: env.CONTACT_PHONE ?? DEFAULT_CONTACT.phone,
    socialUrl: env.SOCIAL_URL ?? DEFAULT_CONTACT.socialUrl,
    socialLabel: env.SOCIAL_LABEL ?? DEFAULT_CONTACT.socialLabel,
  };
}

export const env = parseEnv(process.env);
export const contactDetails = contactDetailsFrom(env);
