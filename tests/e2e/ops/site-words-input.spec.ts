// The owner's words refused, each case on its own: markup and scripts in every field, a meta
// description over its bound, a missing Croatian text, a phone of letters, a javascript: social
// link, two owners publishing at once. Over HTTP as the plain forms post (the editor runs no
// script), and once in Chromium in Croatian.
import { expect, test } from "@playwright/test";
import { SITE_WORDS } from "../../../app/i18n/site-words";
import { acceptInvitation, acceptOverHttp, addAuthenticator, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { decodeHtml } from "../helpers";
import { publishDraft, siteForm, siteRows, type Session } from "./site-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(90_000));

const PORT = 3271;
let server: Awaited<ReturnType<typeof staffServer>>;
const owners: Session[] = [];
const w = SITE_WORDS.en;

test.beforeAll(async () => {
  server = await staffServer(PORT, { SITE_POLL_MS: "500" });
  for (const who of ["ana", "ivo"]) {
    const made = staffCommand(server, {}, "invite", `${who}@example.com`, "--owner");
    const accepted = await acceptOverHttp(server, linkIn(made.stdout));
    owners.push({ base: server.base, cookie: accepted.cookie! });
  }
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

/** A part's form as the page holds it: its fields and the draft's revision. */
async function formOf(s: Session, part: string) {
  const html = await (await fetch(`${s.base}/staff/site/words/${part}`, { headers: { cookie: s.cookie } })).text();
  const fields: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="text" id="[^"]+" name="([^"]+)" value="([^"]*)"/g))
    fields[m[1]!] = decodeHtml(m[2]!);
  for (const m of html.matchAll(/<textarea rows="5" id="[^"]+" name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields[m[1]!] = decodeHtml(m[2]!);
  const revision = /name="revision" value="(\d+)"/.exec(html)![1]!;
  return { fields, revision };
}

async function save(s: Session, part: string, change: Record<string, string>, revision?: string) {
  const form = await formOf(s, part);
  const answer = await siteForm(s, `/staff/site/words/${part}`, {
    ...form.fields,
    ...change,
    revision: revision ?? form.revision,
  });
  return { status: answer.status, html: await answer.text() };
}

test("markup and scripts in every field: refused, each field named, what was typed kept (inert), nothing stored", async () => {
  const [ana] = owners as [Session];
  const before = siteRows(server.database);
  for (const part of ["home", "contact", "vip-nightclub-experience"]) {
    const { fields } = await formOf(ana, part);
    const evil = Object.fromEntries(
      Object.keys(fields).map((k) => [k, `<script>alert("${k}")</script><b onmouseover=x>`]),
    );
    const answer = await save(ana, part, evil);
    expect(answer.status, part).toBe(400);
    for (const name of Object.keys(fields)) {
      if (["email", "phone", "whatsapp", "socialUrl"].includes(name)) continue; // their own kinds refuse them
      expect(answer.html, `${part} ${name}`).toContain(`id="w-${name.replace(".", "-")}-error"`);
    }
    // Typed text comes back inside the fields, escaped: no script element was made of it.
    expect(answer.html).toContain("&lt;script&gt;alert(");
    expect(answer.html).not.toMatch(/<script>alert\(/);
  }
  expect(siteRows(server.database).draft).toBe(before.draft);
});

test("text that only looks like code is stored and rendered as text", async () => {
  const [ana] = owners as [Session];
  const odd = `Tables for 5 < 6 guests & "VIP" > 'standard'`;
  expect((await save(ana, "vip-nightclub-experience", { "closing.en": odd, "closing.hr": odd })).status).toBe(200);
  expect((await publishDraft(ana)).status).toBe(200);
  const html = await (await fetch(`${server.base}/vip-nightclub-experience`)).text();
  expect(html).toContain("Tables for 5 &lt; 6 guests &amp; &quot;VIP&quot; &gt; &#x27;standard&#x27;");
});

test("a meta description over its bound is refused, named in the person's language", async () => {
  const [ana] = owners as [Session];
  const answer = await save(ana, "event-organization", { "metaDescription.hr": "x".repeat(161) });
  expect(answer.status).toBe(400);
  expect(answer.html).toContain(w.fieldError(`${w.fields.metaDescription} (${w.languages.hr})`, w.errors.tooLong(160)));
  expect(answer.html).toContain("x".repeat(161));
});

test("a phone of letters and a javascript: social link are refused", async () => {
  const [ana] = owners as [Session];
  const answer = await save(ana, "contact", { phone: "call us maybe", socialUrl: "javascript:alert(document.cookie)" });
  expect(answer.status).toBe(400);
  expect(answer.html).toContain(w.fieldError(w.fields.phone, w.errors.phone));
  expect(answer.html).toContain(w.fieldError(w.fields.socialUrl, w.errors.https));
  expect(answer.html).toContain('value="call us maybe"');
});

test("English without Croatian: saved as a draft, listed as untranslated, publishing refused with the field named", async () => {
  const [ana] = owners as [Session];
  expect((await save(ana, "concierge-services", { "intro.hr": "" })).status).toBe(200);
  const gap = w.gap(w.parts["concierge-services"], `${w.fields.intro}`, w.languages.hr);
  const overview = await (await fetch(`${server.base}/staff/site`, { headers: { cookie: ana.cookie } })).text();
  expect(overview).toContain(gap);
  const refused = await publishDraft(ana);
  expect(refused.status).toBe(409);
  expect(await refused.text()).toContain(gap);
  expect(await (await fetch(`${server.base}/concierge-services`)).text()).toContain("From the moment you land");
  // Filled in: publishes.
  expect((await save(ana, "concierge-services", { "intro.hr": "Od slijetanja do odlaska." })).status).toBe(200);
  expect((await publishDraft(ana)).status).toBe(200);
});

test("two owners publishing at once: one wins whole, the other is told and loses nothing", async () => {
  const [ana, ivo] = owners as [Session, Session];
  expect((await save(ana, "home", { "tagline.en": "Nights to remember" })).status).toBe(200);
  const page = await formOf(ivo, "home");
  // Ivo's edit on a page shown before Ana's next save: refused, his text kept for him.
  expect((await save(ana, "home", { "tagline.hr": "Noći za pamćenje" })).status).toBe(200);
  const stale = await save(ivo, "home", { "venues.hvar": "Hula Hula\nNew Club" }, page.revision);
  expect(stale.status).toBe(409);
  expect(stale.html).toContain(w.stale);
  expect(stale.html).toContain("Hula Hula\nNew Club");
  expect((await save(ivo, "home", { "venues.hvar": "Hula Hula\nNew Club" })).status).toBe(200);

  const answers = await Promise.all([publishDraft(ana), publishDraft(ivo)]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  const home = await (await fetch(`${server.base}/?city=hvar`)).text();
  // The one version holds both owners' words whole.
  expect(home).toContain("Nights to remember");
  expect(home).toContain("New Club");
  expect(await (await fetch(`${server.base}/hr`)).text()).toContain("Noći za pamćenje");
});

test("in Croatian, in the browser: the refused field is named in Croatian and keeps its text", async ({ page }) => {
  await addAuthenticator(page);
  const made = staffCommand(server, {}, "invite", "marija@example.com", "--owner");
  await acceptInvitation(page, linkIn(made.stdout));
  const hr = SITE_WORDS.hr;
  await page.request.post(`${server.site}/staff/language`, { form: { to: "hr" }, headers: { origin: server.site } });
  await page.goto(`${server.site}/staff/site/words/contact`);
  await page.getByLabel(hr.fields.phone, { exact: true }).fill("+385 abc");
  await page.getByRole("button", { name: hr.save }).click();
  await expect(page.getByRole("alert")).toContainText(hr.fieldError(hr.fields.phone, hr.errors.phone));
  await expect(page.getByLabel(hr.fields.phone, { exact: true })).toHaveValue("+385 abc");
  await expect(page.getByLabel(hr.fields.phone, { exact: true })).toHaveAttribute("aria-invalid", "true");
});
