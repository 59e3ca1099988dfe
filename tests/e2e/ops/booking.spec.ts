// From enquiry to booked table (decisions 0048, 0050), JavaScript on and off, on a phone's screen: a reply and its
// refusals, the booking's, the guest's message and .ics in the outbox stand-in, the team's feed, a cancellation.
import ICAL from "ical.js";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { teamDay } from "../../../app/utils/team-time";
import {
  acceptInvitation,
  addAuthenticator,
  inDatabase,
  linkIn,
  rowsIn,
  sessionCookie,
  staffCommand,
  staffServer,
} from "./staff-helpers";
import { publishDraft, siteForm } from "./site-helpers";
import { outboxCommand } from "./server";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });

const PORT = 3730;
let server: Awaited<ReturnType<typeof staffServer>>;
let cookie = "";

test.beforeAll(async ({ browser }) => {
  server = await staffServer(PORT);
  const page = await (await browser.newContext()).newPage();
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, {}, "invite", "owner@example.com", "--owner").stdout));
  cookie = await sessionCookie(page.context());
  await page.context().close();
  // The owner's saved answers, edited and published in the Site section.
  const session = { base: server.base, cookie };
  const form = await (await fetch(`${server.base}/staff/site/words/replies`, { headers: { cookie } })).text();
  const revision = /name="revision" value="(\d+)"/.exec(form)![1]!;
  const saved = await siteForm(session, "/staff/site/words/replies", {
    revision,
    "answers.en": ANSWERS.en.join("\n"),
    "answers.hr": ANSWERS.hr.join("\n"),
  });
  expect(saved.status).toBe(200);
  expect((await publishDraft(session)).status).toBeLessThan(400);
  // The operator's command lists both channels before anything was sent through them.
  const listed = outboxCommand(server.database, "channels", "--json");
  const channels = listed.stdout
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  for (const channel of ["booking", "reply"])
    expect(channels).toContainEqual(expect.objectContaining({ channel, state: "up", pending: 0, failed: 0 }));
});

const ANSWERS = {
  en: ["Thank you, we will call you shortly.", "We hold your table until 23:00."],
  hr: ["Hvala, uskoro vas zovemo.", "Stol vas čeka do 23:00."],
};
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function send(name: string, language: "en" | "hr") {
  const answer = await fetch(`${server.base}/contact`, {
    method: "POST",
    body: new URLSearchParams({
      name,
      email: "guest@example.com",
      number: "+385 91 234 5678",
      category: "VIP Nightclub experience",
      message: "A table on Saturday",
      website: "",
    }),
    redirect: "manual",
  });
  expect(answer.status).toBe(302);
  const [row] = rowsIn<{ id: string; reference: string }>(
    server.database,
    "SELECT id, reference FROM enquiries WHERE name = ?",
    name,
  );
  inDatabase(server.database, "UPDATE enquiries SET language = ? WHERE id = ?", language, row!.id);
  return row!;
}

async function phone(browser: Browser, js: boolean): Promise<Page> {
  const [name, value] = cookie.split("=") as [string, string];
  const context = await browser.newContext({ javaScriptEnabled: js, viewport: { width: 375, height: 800 } });
  await context.addCookies([{ name, value, url: server.site }]);
  return context.newPage();
}

const events = (text: string) => {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return { calendar, events: calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v)) };
};

const messages = (id: string) =>
  rowsIn<{ sequence: number; method: string; subject: string; body: string; via: string }>(
    server.database,
    "SELECT sequence, method, subject, body, via FROM booking_messages WHERE enquiry_id = ? ORDER BY sequence",
    id,
  );

for (const js of [true, false]) {
  test(`an owner replies and books from a 375 px screen with a deposit link; the guest's message and .ics; the feed follows a cancellation (JS ${js ? "on" : "off"})`, async ({
    browser,
  }) => {
    const first = js ? "Ana" : "Iva";
    const language = js ? "en" : "hr";
    const { id, reference } = await send(`${first} Horvat`, language);
    const page = await phone(browser, js);
    await page.goto(`${server.site}/staff/inbox/${id}`);
    const date = teamDay(Date.now() + 10 * 86_400_000);

    const reply = page.getByLabel("Write a reply (sent by e-mail, plain text)");
    const sendReply = page.getByRole("button", { name: "Send reply" });
    await sendReply.click();
    await expect(page.getByText("Write the reply first: it is empty.")).toBeVisible();
    await reply.fill("Dear guest, <b>yes</b>");
    await sendReply.click();
    await expect(page.getByText("Write plain text")).toBeVisible();
    await expect(reply).toHaveValue("Dear guest, <b>yes</b>");
    expect(rowsIn(server.database, "SELECT 1 FROM enquiry_replies WHERE enquiry_id = ?", id)).toEqual([]);
    await reply.fill(`Dear ${first},\nSaturday works: shall I book Carpe Diem?`);
    await sendReply.click();
    await expect(page.getByRole("status").filter({ hasText: "The reply is queued" })).toBeVisible();
    await expect
      .poll(
        () =>
          rowsIn(
            server.database,
            "SELECT via, actor, subject FROM enquiry_replies WHERE enquiry_id = ? AND sent_at IS NOT NULL",
            id,
          ),
        {
          timeout: scaled(15_000),
        },
      )
      .toEqual([{ via: "outbox", actor: "owner@example.com", subject: expect.stringContaining(reference) }]);
    expect(rowsIn(server.database, "SELECT follow_up FROM enquiries WHERE id = ?", id)).toEqual([
      { follow_up: "replied" },
    ]);
    // Audited: who, when, which enquiry; not the text (the refused tries are not replies).
    const audit = rowsIn<{ event: string; actor_email: string; at: string; detail: string | null }>(
      server.database,
      "SELECT event, actor_email, at, detail FROM staff_audit WHERE subject = ? AND event = 'reply'",
      reference,
    );
    expect(audit).toEqual([{ event: "reply", actor_email: "owner@example.com", at: expect.any(String), detail: null }]);
    expect(JSON.stringify(audit)).not.toContain("Saturday works");
    await page.reload();
    await expect(page.locator("[data-replies]")).toContainText("Saturday works: shall I book Carpe Diem?");
    await expect(page.locator("[data-replies]")).toContainText("kept in the outbox");
    // A saved answer in the guest's language, after what was typed (filled by the server: JS off too).
    await reply.fill(`Dear ${first},`);
    await page.getByLabel("Saved answer").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Use this answer" }).click();
    await expect(reply).toHaveValue(`Dear ${first},\n\n${ANSWERS[language][1]}`);

    await page.getByLabel("Date").fill(date);
    await page.getByLabel("Time").fill("22:30");
    await page.getByLabel("Venue").selectOption("Carpe Diem, Hvar");
    await page.getByLabel("Guests").fill("8");
    await page.getByLabel("Deposit in € (optional)").fill("200");
    await page.getByLabel(/Payment link/).fill("http://pay.example.com/x");
    await page.getByRole("button", { name: "Mark booked and confirm to the guest" }).click();
    await expect(page.getByText("The payment link must be a full https:// address")).toBeVisible();
    expect(rowsIn(server.database, "SELECT 1 FROM bookings WHERE enquiry_id = ?", id)).toEqual([]);
    await expect(page.getByLabel("Guests")).toHaveValue("8");

    await page.getByLabel(/Payment link/).fill("https://buy.stripe.com/test_abc");
    await page.getByRole("button", { name: "Mark booked and confirm to the guest" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The booking is saved" })).toBeVisible();
    await expect(page.locator("[data-booking-status=confirmed]")).toContainText("Carpe Diem, Hvar");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await expect.poll(() => messages(id).length, { timeout: scaled(15_000) }).toBe(1);
    const [sent] = messages(id);
    expect(sent).toMatchObject({ sequence: 0, method: "REQUEST", via: "outbox" });
    expect(sent!.subject).toContain(reference);
    expect(sent!.body).toContain(js ? "Where: Carpe Diem, Hvar" : "Gdje: Carpe Diem, Hvar");
    expect(sent!.body).toContain("https://buy.stripe.com/test_abc");
    await page.reload();
    await expect(page.locator("[data-booking-messages]")).toContainText(sent!.subject);
    const file = await page.request.get(`${server.site}/staff/inbox/${id}/booking/0.ics`);
    expect(file.headers()["content-type"]).toContain("text/calendar");
    const guest = events(await file.text());
    expect(guest.calendar.getFirstPropertyValue("method")).toBe("REQUEST");
    const [event] = guest.events;
    expect(event!.location).toBe("Carpe Diem, Hvar");
    expect(event!.startDate.toString()).toBe(`${date}T22:30:00`);
    expect(event!.component.getFirstProperty("dtstart")!.getParameter("tzid")).toBe("Europe/Zagreb");

    await page.goto(`${server.site}/staff/account`);
    await page.getByRole("button", { name: /Make my calendar link|Make a new link/ }).click();
    const url = (await page.locator("#feed-url").textContent())!.trim();
    expect(url).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const feed = await fetch(url);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("cache-control")).toBe("no-store");
    const table = events(await feed.text()).events.find((e) => e.uid === event!.uid);
    expect(table?.summary).toBe(`${first} ×8`);

    await page.goto(`${server.site}/staff/inbox/${id}`);
    await page.getByRole("button", { name: "Cancel the booking" }).click();
    await expect(page.locator("[data-booking-status=cancelled]")).toBeVisible();
    await expect
      .poll(() => messages(id).map((m) => m.method), { timeout: scaled(15_000) })
      .toEqual(["REQUEST", "CANCEL"]);
    const after = events(await (await fetch(url)).text()).events.find((e) => e.uid === event!.uid);
    expect(after?.sequence).toBe(1);
    expect(after?.component.getFirstPropertyValue("status")).toBe("CANCELLED");

    await page.goto(`${server.site}/staff/account`);
    await page.getByRole("button", { name: "Stop my calendar link" }).click();
    await expect(page.getByText("Your calendar link is stopped")).toBeVisible();
    const stopped = await fetch(url);
    expect(stopped.status).toBe(404);
    expect(await stopped.text()).toBe("");
    await page.context().close();
  });
}
