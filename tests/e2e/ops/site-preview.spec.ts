// A preview ends with the staff session that started it (sign-out, everywhere, removal, the grant, idle); a browser with
// only the preview cookie ends it from the banner, a cross-site POST cannot; the shipped pictures as thumbnails.
import { axeOf } from "../axe";
import { reviewShot } from "../review-shots";
import { expect, test, type Page } from "@playwright/test";
import { PREVIEW } from "../../../app/i18n/preview";
import { SITE } from "../../../app/i18n/site";
import { tokenHash } from "../../../app/staff/tokens.server";
import { PAGE_CACHE } from "../../../app/utils/cache-control.server";
import { smallJpeg } from "../../support/bad-uploads";
import type { softAuthenticator } from "../../support/soft-authenticator";
import { decodeHtml } from "../helpers";
import { processed, siteForm, upload, type Session } from "./site-helpers";
import { acceptOverHttp, inDatabase, linkIn, signInOverHttp, staffCommand, staffServer } from "./staff-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(120_000));

const PORT = 3460;
const PAGE = "/vip-nightclub-experience";
const DRAFT_WORDS = "Draft words nobody may read before the publish";
let server: Awaited<ReturnType<typeof staffServer>>;
let owner: Session;
let device: ReturnType<typeof softAuthenticator>;

test.beforeAll(async () => {
  server = await staffServer(PORT, { SITE_POLL_MS: "500" });
  const made = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
  const accepted = await acceptOverHttp(server, linkIn(made.stdout));
  owner = { base: server.base, cookie: accepted.cookie! };
  device = accepted.device;
  const words = await (
    await fetch(`${server.base}/staff/site/words${PAGE}`, { headers: { cookie: owner.cookie } })
  ).text();
  const revision = /name="revision" value="(\d+)"/.exec(words)![1]!;
  const fields: Record<string, string> = { revision };
  for (const m of words.matchAll(/<input type="text" id="[^"]+" name="([^"]+)" value="([^"]*)"/g))
    fields[m[1]!] = decodeHtml(m[2]!);
  for (const m of words.matchAll(/<textarea rows="5" id="[^"]+" name="([^"]+)"[^>]*>([\s\S]*?)<\/textarea>/g))
    fields[m[1]!] = decodeHtml(m[2]!);
  const saved = await siteForm(owner, `/staff/site/words${PAGE}`, {
    ...fields,
    "intro.en": DRAFT_WORDS,
    "intro.hr": DRAFT_WORDS,
  });
  expect(saved.status).toBe(200);
  expect((await upload(owner, "vip", [{ name: "draft.jpg", bytes: await smallJpeg() }])).status).toBe(303);
  await processed(owner, "vip");
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

/** A fresh session of the owner, as signing in again on another device does. */
async function ownerSession(): Promise<Session> {
  const signedIn = await signInOverHttp(server, device);
  expect(signedIn.status).toBe(200);
  return { base: server.base, cookie: signedIn.cookie! };
}

/** The Site section's "Preview" button: the preview cookie (`site_preview=…`) it sets. */
async function startPreview(s: Session): Promise<string> {
  const answer = await siteForm(s, "/staff/site/preview", { intent: "start", page: "vip-nightclub-experience" });
  expect(answer.status).toBe(302);
  const cookie = answer.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .find((c) => c.startsWith("site_preview="));
  expect(cookie).toMatch(/^site_preview=[A-Za-z0-9_-]{43}$/);
  return cookie!;
}

/** The VIP page as a browser with these cookies gets it. */
async function visit(cookie?: string) {
  const answer = await fetch(`${server.base}${PAGE}`, { headers: cookie ? { cookie } : {} });
  const html = await answer.text();
  return {
    status: answer.status,
    cacheControl: answer.headers.get("cache-control"),
    setCookie: answer.headers.getSetCookie(),
    draft: html.includes(DRAFT_WORDS) || html.includes("/media/"),
    banner: html.includes(PREVIEW.en.banner),
    main: /<main[\s\S]*<\/main>/.exec(html)?.[0],
  };
}

/** Draft words and photo shown, privately. */
async function expectDraft(cookie: string) {
  const seen = await visit(cookie);
  expect(seen.status).toBe(200);
  expect(seen.draft).toBe(true);
  expect(seen.banner).toBe(true);
  expect(seen.cacheControl).toBe("private, no-store");
}

/** The published page, the cookie cleared, never in a shared cache; without the cookie the same page from the cache. */
async function expectPublished(cookie: string) {
  const seen = await visit(cookie);
  expect(seen.status).toBe(200);
  expect(seen.draft).toBe(false);
  expect(seen.banner).toBe(false);
  expect(seen.cacheControl).toBe("private, no-store");
  expect(seen.setCookie.some((c) => /^site_preview=;.*Max-Age=0/.test(c))).toBe(true);
  const visitor = await visit();
  expect(visitor.cacheControl).toBe(PAGE_CACHE);
  expect(visitor.draft).toBe(false);
  expect(seen.main).toBe(visitor.main);
}

test("signing out ends the preview: the same browser's cookie gets the published page, and sign-out clears it", async () => {
  const s = await ownerSession();
  const preview = await startPreview(s);
  await expectDraft(`${s.cookie}; ${preview}`);
  // The same browser without its staff cookie still previews while the session lives.
  await expectDraft(preview);
  const out = await fetch(`${server.base}/staff/sign-out`, {
    method: "POST",
    headers: {
      cookie: `${s.cookie}; ${preview}`,
      origin: server.base,
      "content-type": "application/x-www-form-urlencoded",
    },
    body: "",
    redirect: "manual",
  });
  expect(out.status).toBe(303);
  const cleared = out.headers.getSetCookie();
  expect(cleared.some((c) => /^site_preview=;.*Max-Age=0/.test(c))).toBe(true);
  expect(cleared.some((c) => /^staff=;.*Max-Age=0/.test(c))).toBe(true);
  // A browser that kept the cookie anyway (or a copy of it) sees nothing of the draft.
  await expectPublished(preview);
});

test('"sign out everywhere" on another device ends the preview on this one', async () => {
  const here = await ownerSession();
  const there = await ownerSession();
  const preview = await startPreview(here);
  await expectDraft(preview);
  const out = await siteForm(there, "/staff/sign-out", { scope: "everywhere" });
  expect(out.status).toBe(303);
  await expectPublished(preview);
});

test("an idle session shows no draft (the staff session's own idle limit)", async () => {
  const s = await ownerSession();
  const preview = await startPreview(s);
  await expectDraft(preview);
  // Last seen 61 minutes ago (the idle limit is 60): the preview ends before any staff page is asked for.
  const changed = inDatabase(
    server.database,
    "UPDATE staff_sessions SET last_seen_at = ? WHERE id_hash = ?",
    new Date(Date.now() - 61 * 60_000).toISOString(),
    tokenHash(s.cookie.split("=")[1]!),
  );
  expect(changed).toBe(1);
  await expectPublished(preview);
});

test("the person's removal (npm run staff -- remove) ends their preview", async () => {
  const made = staffCommand(server, {}, "invite", "second-owner@example.com", "--owner");
  const second = await acceptOverHttp(server, linkIn(made.stdout));
  const preview = await startPreview({ base: server.base, cookie: second.cookie! });
  await expectDraft(preview);
  const removed = staffCommand(server, {}, "remove", "second-owner@example.com");
  expect(removed.status, removed.stderr).toBe(0);
  await expectPublished(preview);
});

test("withdrawing the Site grant on the People page ends a member of staff's preview; their session goes on", async () => {
  const s = await ownerSession();
  const made = staffCommand(server, {}, "invite", "editor@example.com");
  const editor = await acceptOverHttp(server, linkIn(made.stdout));
  const editorSession = { base: server.base, cookie: editor.cookie! };
  expect(
    (await siteForm(s, "/staff/people", { intent: "site", email: "editor@example.com", allowed: "yes" })).status,
  ).toBe(200);
  const preview = await startPreview(editorSession);
  await expectDraft(preview);
  expect(
    (await siteForm(s, "/staff/people", { intent: "site", email: "editor@example.com", allowed: "no" })).status,
  ).toBe(200);
  await expectPublished(preview);
  // Their session is still live: it is the grant that ended the preview, and a new one is refused.
  expect((await fetch(`${server.base}/staff`, { headers: { cookie: editor.cookie! } })).status).toBe(200);
  expect((await siteForm(editorSession, "/staff/site/preview", { intent: "start" })).status).toBe(403);
});

test("a cross-site POST cannot end a preview; one with neither Origin nor Fetch Metadata neither", async () => {
  const s = await ownerSession();
  const preview = await startPreview(s);
  const refused: Record<string, string>[] = [
    { origin: "http://evil.example", "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site" },
    {},
  ];
  for (const headers of refused) {
    const answer = await fetch(`${server.base}/staff/site/end-preview`, {
      method: "POST",
      headers: { cookie: preview, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: "back=%2F",
      redirect: "manual",
    });
    expect(answer.status, JSON.stringify(headers)).toBe(403);
    expect(answer.headers.getSetCookie().some((c) => c.startsWith("site_preview="))).toBe(false);
  }
  await expectDraft(preview);
});

test("the banner ends the preview on a page reached by a long address (a link's tracking parameters)", async () => {
  const s = await ownerSession();
  for (const repeat of [40, 400]) {
    const preview = await startPreview(s);
    const address = `${PAGE}?utm_source=newsletter&utm_campaign=${"summer-2026-".repeat(repeat)}`;
    const html = await (await fetch(`${server.base}${address}`, { headers: { cookie: preview } })).text();
    const back = decodeHtml(/name="back" value="([^"]*)"/.exec(html)![1]!);
    expect(back.length).toBeGreaterThan(500);
    const ended = await fetch(`${server.base}/staff/site/end-preview`, {
      method: "POST",
      headers: { cookie: preview, origin: server.base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ back }),
      redirect: "manual",
    });
    expect(ended.status).toBe(303);
    // Back to the page (its canonical address); an address too long to be one of ours goes home.
    expect(ended.headers.get("location")).toBe(repeat === 40 ? PAGE : "/");
    expect(ended.headers.getSetCookie().some((c) => /^site_preview=;.*Max-Age=0/.test(c))).toBe(true);
    await expectPublished(preview);
  }
});

/** A browser with the preview cookie and nothing else: no staff session of its own. */
async function anonymousWithPreview(page: Page, preview: string) {
  const [name, value] = preview.split("=") as [string, string];
  await page.context().addCookies([{ name, value, url: server.site, httpOnly: true, sameSite: "Lax" }]);
}

for (const javaScriptEnabled of [false, true])
  test(`an anonymous browser ends the preview from the banner (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    browser,
  }) => {
    const s = await ownerSession();
    const preview = await startPreview(s);
    const context = await browser.newContext({ javaScriptEnabled, viewport: { width: 375, height: 700 } });
    const page = await context.newPage();
    await anonymousWithPreview(page, preview);
    await page.goto(`${server.site}/hr${PAGE}`);
    await expect(page.getByRole("status").first()).toContainText(PREVIEW.hr.banner);
    await expect(page.getByText(DRAFT_WORDS)).toBeVisible();
    // The button is a thumb's target on a phone, and the banner passes axe (which runs in the page's script).
    expect((await page.getByRole("button", { name: PREVIEW.hr.end }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
    if (javaScriptEnabled) expect((await axeOf(page).analyze()).violations).toEqual([]);
    else await reviewShot(page, "preview-banner-375", { fullPage: false });
    await page.getByRole("button", { name: PREVIEW.hr.end }).click();
    // Back on the same page as visitors see it, and the cookie gone.
    await page.waitForURL(`${server.site}/hr${PAGE}`);
    await expect(page.getByText(PREVIEW.hr.banner)).toHaveCount(0);
    await expect(page.getByText(DRAFT_WORDS)).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === "site_preview")).toBe(false);
    await context.close();
    // The row is gone: the same token shows nothing even though the session that started it lives.
    await expectPublished(preview);
    expect((await fetch(`${server.base}/staff`, { headers: { cookie: s.cookie } })).status).toBe(200);
  });

test("a gallery the owner has not replaced shows the pictures it came with, at 375 and 1280 px", async ({
  browser,
}) => {
  const s = await ownerSession();
  const [name, value] = s.cookie.split("=") as [string, string];
  const t = SITE.en;
  for (const width of [375, 1280]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    await context.addCookies([{ name, value, url: server.site }]);
    const page = await context.newPage();
    await page.goto(`${server.site}/staff/site/home`);
    await expect(page.getByText(t.shipped(23))).toBeVisible();
    const thumbs = page.locator(".site-shipped img");
    await expect(thumbs).toHaveCount(23);
    await expect(page.getByRole("heading", { name: t.shippedTitle })).toBeVisible();
    const first = thumbs.first();
    await first.scrollIntoViewIfNeeded();
    await expect(first).toBeVisible();
    // Loaded, small (the 400-pixel encoding), lazily, each described.
    await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(400);
    for (const img of await thumbs.all()) {
      expect(await img.getAttribute("loading")).toBe("lazy");
      expect((await img.getAttribute("alt"))!.length).toBeGreaterThan(10);
    }
    // A grid: three across on a phone, more on a desk; nothing wider than the screen.
    const lefts = new Set(
      (await thumbs.evaluateAll((imgs) => imgs.map((img) => Math.round(img.getBoundingClientRect().left)))).map(String),
    );
    if (width === 375) expect(lefts.size).toBe(3);
    else expect(lefts.size).toBeGreaterThanOrEqual(5);
    const box = (await first.boundingBox())!;
    expect(box.width).toBeGreaterThan(80);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await reviewShot(page, `shipped-thumbnails-${width}`);
    expect((await axeOf(page).analyze()).violations).toEqual([]);
    await context.close();
  }
});
