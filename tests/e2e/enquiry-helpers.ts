import { expect, type Page } from "@playwright/test";
import { CONTACT } from "../../app/i18n/contact";
import type { Locale } from "../../app/i18n/locale";
import { readRecordedSends, type RecordedSend } from "../../mocks/recorded-sends";
import { openStore } from "../../app/store/open-store.server";
import { listJson } from "../../server/outbox-list";
import { E2E_DATABASE, MOCKS_RECORD_FILE } from "./e2e-env";

export type Recorded = RecordedSend;

export function sentWith(message: string): Recorded[] {
  return readRecordedSends(MOCKS_RECORD_FILE).filter((r) => r.fields.message === message);
}

export type StoredEntry = {
  id: string;
  reference: string;
  state: "pending" | "failed" | "delivered";
  receivedAt: string;
  attempts: number;
  lastAttempt: { outcome: string; status?: number } | null;
  failure: { reason: string; fix?: string } | null;
  enquiry: Record<string, string>;
};

export async function listedIn(database: string): Promise<{ state: string; enquiry?: unknown }[]> {
  const store = openStore({ DATABASE_URL: `file:${database}`, DATABASE_POOL_MAX: 1 });
  try {
    return JSON.parse(JSON.stringify(await listJson(store)));
  } finally {
    await store.close();
  }
}

export const storedIn = async (database = E2E_DATABASE) =>
  (await listedIn(database)).filter((r) => r.enquiry) as StoredEntry[];

export const storedWith = async (message: string, database = E2E_DATABASE) =>
  (await storedIn(database)).filter((r) => r.enquiry.message === message);

export const unique = (label: string) =>
  `${label} ${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export type Fill = { name?: string; email?: string; number?: string; category?: string; message?: string };

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
