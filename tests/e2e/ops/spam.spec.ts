import { expect, test, type Browser, type Page } from "@playwright/test";
import { CONTACT } from "../../../app/i18n/contact";
import { fillForm } from "../enquiry-helpers";
import { scaled } from "../time-scale";
import { deliveredCounts, enquiryBody, sentTo } from "./server";
import { ownerPages, rowsIn, staffServer } from "./staff-helpers";

let server: Awaited<ReturnType<typeof staffServer>>;

const PORT = 3207;
const METRICS_TOKEN = "spam-metrics-token-0123456789";
const MAX_PER_HOUR = 150;
/** Four times the cap proves it holds under fifty clients at once; `npm run test:flood` sends 5,000. */
const FLOOD = Number(process.env.E2E_FLOOD) || MAX_PER_HOUR * 4;

test.describe.configure({ mode: "serial" });

/** Scaled: on a busy machine opening, filling and sending the page took over 2 s at times (the bound was 2 s). */
const MIN_SECONDS = Math.ceil(scaled(6_000) / 1_000);

test.beforeAll(async () => {
  server = await staffServer(PORT, {
    METRICS_TOKEN,
    SPAM_MIN_SECONDS: String(MIN_SECONDS),
    SPAM_MAX_PER_HOUR: String(MAX_PER_HOUR),
    SPAM_MAX_KEPT: "1000",
    EMAILJS_MIN_INTERVAL_MS: "0",
  });
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

const caughtIn = () =>
  rowsIn<{ reference: string; spam: string; message: string; deliveries: number }>(
    server.database,
    `SELECT reference, spam, message, (SELECT count(*) FROM deliveries d WHERE d.enquiry_id = e.id) AS deliveries
       FROM enquiries e WHERE spam IS NOT NULL ORDER BY received_at`,
  );

let signedIn: ReturnType<typeof ownerPages>;
const staffPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  (signedIn ??= ownerPages(server, "spam"))(browser, { javaScriptEnabled });

async function sendAutofilled(page: Page, message: string): Promise<string> {
  await page.goto(`${server.site}/contact`);
  const form = await fillForm(page, {
    name: "Ana Autofill",
    email: "ana@example.com",
    number: "+385 91 234 5678",
    category: "Concierge services",
    message,
  });
  await page.locator("#website").fill("ana@example.com", { force: true });
  await form.getByRole("button", { name: CONTACT.en.send }).click();
  const kept = page.locator("[data-sent]");
  await expect(kept).toContainText("Your reference");
  return (await kept.locator("[data-reference]").textContent())!;
}

for (const javaScriptEnabled of [true, false]) {
  test(`JS ${javaScriptEnabled ? "on" : "off"}: an autofilled honeypot is caught, found in the Spam view, released, delivered once with its reference`, async ({
    browser,
  }) => {
    const message = `Autofill caught me (JS ${javaScriptEnabled ? "on" : "off"}) ${Date.now()}`;
    const visitor = await (await browser.newContext({ javaScriptEnabled })).newPage();
    const reference = await sendAutofilled(visitor, message);
    await expect(visitor.locator("[data-toast]")).toContainText(reference);
    const caught = caughtIn().find((c) => c.message === message);
    expect(caught).toMatchObject({ reference, deliveries: 0 });
    expect(caught!.spam.split(",")).toContain("honeypot");

    const page = await staffPage(browser, javaScriptEnabled);
    await page.goto(`${server.site}/staff/inbox`);
    await expect(page.getByRole("heading", { level: 1, name: "Inbox" })).toBeVisible();
    await expect(page.locator(".staff-card")).not.toContainText(reference);
    await page.getByRole("link", { name: /^Spam \(\d+\)$/ }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Spam" })).toBeVisible();
    const row = page.locator("li", { hasText: reference });
    await expect(row).toContainText("the hidden field was filled in or left out");
    await expect(row).toContainText("from /contact");
    await expect(row).toContainText(message);
    expect(deliveredCounts(server.record).get(message)).toBeUndefined();

    await row.getByRole("button", { name: `Not spam: move ${reference} to the inbox` }).click();
    await expect(page.getByRole("status")).toContainText(`${reference} was moved to the inbox`);
    await expect(page.locator("li", { hasText: reference })).toHaveCount(0);
    await expect.poll(() => deliveredCounts(server.record).get(message), { timeout: scaled(15_000) }).toBe(1);
    const sent = sentTo(server.record).find((s) => s.fields.message === message)!;
    expect(sent.fields.reference).toBe(reference);
    await page.waitForTimeout(scaled(1_500));
    expect(deliveredCounts(server.record).get(message)).toBe(1);
    await page.goto(`${server.site}/staff/inbox`);
    await expect(page.locator(".inbox-list")).toContainText(reference);
    await page.context().close();
    await visitor.context().close();
  });
}

test("the form's signed time from the cached page: sent within seconds, caught; after a person's pause, delivered", async ({
  browser,
}) => {
  const page = await (await browser.newContext()).newPage();
  const send = async (message: string, pauseMs: number) => {
    await page.goto(`${server.site}/contact`);
    expect(await page.locator('input[name="form_time"]').getAttribute("value")).not.toBe("unstamped");
    await page.waitForTimeout(pauseMs);
    const form = await fillForm(page, {
      name: "Iva Brza",
      email: "iva@example.com",
      number: "+385 91 234 5678",
      category: "Concierge services",
      message,
    });
    await form.getByRole("button", { name: CONTACT.en.send }).click();
    await expect(page.locator("[data-sent]")).toContainText("Your reference");
  };
  const fast = `Too fast ${Date.now()}`;
  await send(fast, 0);
  expect(caughtIn().find((c) => c.message === fast)?.spam).toBe("too-fast");
  const person = `Took my time ${Date.now()}`;
  await send(person, MIN_SECONDS * 1_000 + 500);
  expect(caughtIn().find((c) => c.message === person)).toBeUndefined();
  await expect.poll(() => deliveredCounts(server.record).get(person), { timeout: scaled(15_000) }).toBe(1);
  await page.context().close();
});

test("a bot posting without the form gets the success answer and is caught", async () => {
  const body = enquiryBody(`Bot without the form ${Date.now()}`, "Bot");
  body.delete("website");
  const res = await fetch(`${server.base}/contact`, { method: "POST", body, redirect: "manual" });
  expect(res.status).toBe(302);
  expect(res.headers.get("location")).toBe("/contact#enquiry");
  expect(res.headers.get("set-cookie")).toMatch(/^toast=/);
  expect(caughtIn().find((c) => c.message === body.get("message"))).toMatchObject({ spam: "honeypot", deliveries: 0 });
});

test(`a flood of ${FLOOD} bot posts (the hourly cap is ${MAX_PER_HOUR}): answered, the cap holds, each drop counted, the server still takes a person's enquiry`, async () => {
  test.setTimeout(scaled(60_000 + FLOOD * 15));
  const before = caughtIn().length;
  const started = Date.now();
  let next = 0;
  const statuses = new Map<number, number>();
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < FLOOD) {
        const i = next++;
        const body = enquiryBody(`Flood ${i} https://spam.example/${i}`, "Bot");
        body.set("website", "https://spam.example");
        const res = await fetch(`${server.base}/contact`, { method: "POST", body, redirect: "manual" });
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    }),
  );
  console.log(`${FLOOD} bot posts in ${Date.now() - started} ms`);
  expect(Object.fromEntries(statuses)).toEqual({ 302: FLOOD });
  const kept = caughtIn();
  expect(kept.length).toBeLessThanOrEqual(MAX_PER_HOUR);
  expect(kept.every((c) => c.deliveries === 0)).toBe(true);
  expect(kept.at(-1)!.message).toMatch(/^Flood \d+/);
  const metrics = await (
    await fetch(`${server.base}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const dropped = Number(/^spam_dropped_total (\d+)/m.exec(metrics)?.[1]);
  expect(dropped).toBe(before + FLOOD - kept.length);
  expect(Number(/^enquiries_caught_total\{reason="honeypot"\} (\d+)/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(
    FLOOD,
  );
  expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  const person = `After the flood ${Date.now()}`;
  const res = await fetch(`${server.base}/contact`, { method: "POST", body: enquiryBody(person), redirect: "manual" });
  expect(res.status).toBe(302);
  await expect.poll(() => deliveredCounts(server.record).get(person), { timeout: scaled(15_000) }).toBe(1);
});
