import { expect, test } from "@playwright/test";
import { pagePath } from "../../app/content/pages";
import { CONTACT } from "../../app/i18n/contact";
import { LOCALES } from "../../app/i18n/locale";
import { readRecordedSends } from "../../mocks/recorded-sends";
import { E2E_CONFIRMATION_TEMPLATE_ID, E2E_EMAILJS, MOCKS_RECORD_FILE } from "./e2e-env";
import { fillForm, unique, valid } from "./enquiry-helpers";
import { ready } from "./helpers";
import { scaled } from "./time-scale";

const confirmationsTo = (address: string) =>
  readRecordedSends(MOCKS_RECORD_FILE).filter((s) => s.channel === "confirmation" && s.fields.to_email === address);

/** An address of its own per test (one an hour goes to an address). */
const addressFor = (label: string) => `${unique(label).replace(/[^a-z0-9]+/gi, ".")}@example.com`.toLowerCase();

for (const locale of LOCALES) {
  test(`an enquiry from the ${locale} page: one confirmation to the visitor, with the reference shown, in ${locale}`, async ({
    page,
  }, info) => {
    await page.goto(pagePath("contact", locale));
    await ready(page, info);
    const address = addressFor(`confirm-${locale}-${info.project.name}`);
    const message = unique("Please confirm my table");
    await fillForm(
      page,
      { ...valid(message), name: '<a href="http://evil.example">Ivana</a> www.evil.example', email: address },
      locale,
    );
    await page.getByRole("button", { name: CONTACT[locale].send }).click();
    const reference = page.locator("[data-sent] [data-reference]");
    await expect(reference).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/, { timeout: scaled(10_000) });
    const shown = (await reference.textContent())!;

    await expect.poll(() => confirmationsTo(address).length, { timeout: scaled(10_000) }).toBe(1);
    const { fields, url } = confirmationsTo(address)[0]!;
    expect(url).toBe("https://api.emailjs.com/api/v1.0/email/send-form");
    expect(fields).toMatchObject({
      template_id: E2E_CONFIRMATION_TEMPLATE_ID,
      service_id: E2E_EMAILJS.EMAILJS_SERVICE_ID,
      to_email: address,
      reference: shown,
      language: locale,
      to_name: "Ivana",
    });
    expect(fields.subject).toContain(shown);
    expect(fields.subject).toBe(
      locale === "hr" ? `Primili smo vaš upit — broj ${shown}` : `We have your enquiry — reference ${shown}`,
    );
    expect(fields.reply_time).toContain(CONTACT[locale].replyTime);
    const everything = Object.values(fields).join("\n");
    expect(everything).not.toContain(message); // the free text is never echoed
    expect(everything).not.toMatch(/evil|href|</);
    await page.waitForTimeout(500);
    expect(confirmationsTo(address)).toHaveLength(1);
  });
}
