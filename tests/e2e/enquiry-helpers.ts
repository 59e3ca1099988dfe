import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { CONTACT } from "../../app/i18n/contact";
import type { Locale } from "../../app/i18n/locale";
import { readRecordedSends, type RecordedSend } from "../../mocks/recorded-sends";
import { E2E_OUTBOX_DIR, MOCKS_RECORD_FILE } from "./e2e-env";

export type Recorded = RecordedSend;

/** What the EmailJS stand-in inside the server received, for one unique message. */
export function sentWith(message: string): Recorded[] {
  return readRecordedSends(MOCKS_RECORD_FILE).filter((r) => r.fields.message === message);
}

export type OutboxEntry = {
  state: "pending" | "failed" | "delivered";
  enquiry: Record<string, string>;
  attempts: { outcome: string; status?: number }[];
  failure?: { reason: string; fix?: string };
};

/** Enquiries in an outbox whose message is this one, with the state (folder) each is in. */
export function outboxWith(message: string, dir = E2E_OUTBOX_DIR): OutboxEntry[] {
  return (["pending", "failed", "delivered"] as const).flatMap((state) => {
    const folder = path.join(dir, state);
    if (!existsSync(folder)) return [];
    return readdirSync(folder)
      .filter((f) => f.endsWith(".json"))
      .map((f) => ({ ...JSON.parse(readFileSync(path.join(folder, f), "utf8")), state }) as OutboxEntry)
      .filter((r) => r.enquiry.message === message);
  });
}

export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export type Fill = { name?: string; email?: string; number?: string; category?: string; message?: string };

/** Fills the contact form by its labels, as a visitor reads them in the page's language. */
export async function fillForm(page: Page, values: Fill, locale: Locale = "en") {
  const t = CONTACT[locale];
  const form = page.getByRole("form", { name: t.formTitle });
  if (values.name !== undefined) await form.getByLabel(t.labels.name).fill(values.name);
  if (values.email !== undefined) await form.getByLabel(t.labels.email).fill(values.email);
  if (values.number !== undefined) await form.getByLabel(t.labels.number).fill(values.number);
  if (values.category !== undefined) await form.getByLabel(t.labels.category).selectOption(values.category);
  if (values.message !== undefined) await form.getByLabel(t.labels.message).fill(values.message);
  return form;
}

export async function expectFormValues(page: Page, values: Required<Fill>, locale: Locale = "en") {
  const t = CONTACT[locale];
  const form = page.getByRole("form", { name: t.formTitle });
  await expect(form.getByLabel(t.labels.name)).toHaveValue(values.name);
  await expect(form.getByLabel(t.labels.email)).toHaveValue(values.email);
  await expect(form.getByLabel(t.labels.number)).toHaveValue(values.number);
  await expect(form.getByLabel(t.labels.category)).toHaveValue(values.category);
  await expect(form.getByLabel(t.labels.message)).toHaveValue(values.message);
}

export const valid = (message: string): Required<Fill> => ({
  name: "Ivana Kovač",
  email: "ivana@example.com",
  number: "+385 98 765 4321",
  category: "Concierge services",
  message,
});

export const toast = (page: Page) => page.locator("[data-toast]");
