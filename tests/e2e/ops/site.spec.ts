// The owner's photos end to end, in Chromium with a virtual authenticator against a production
// server: a phone photo (sideways, with GPS and the owner's name in its EXIF) uploaded, described
// in both languages, published; the public page without JavaScript shows it upright in every
// format, with no metadata in any byte served; removed and restored; a member of staff without
// the grant refused; the same at 375 px in Croatian, axe clean.
import { axeOf } from "../axe";
import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { PREVIEW } from "../../../app/i18n/preview";
import { SITE } from "../../../app/i18n/site";
import { acceptInvitation, acceptOverHttp, addAuthenticator, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { phonePhoto } from "./site-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(120_000));

const PORT = 3252;
let server: Awaited<ReturnType<typeof staffServer>>;
const t = SITE.en;

test.beforeAll(async () => {
  server = await staffServer(PORT, { SITE_POLL_MS: "500" });
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

async function signedInOwner(page: Page) {
  await addAuthenticator(page);
  const made = staffCommand(server, {}, "invite", `owner${Date.now()}@example.com`, "--owner");
  await acceptInvitation(page, linkIn(made.stdout));
}

/** The public VIP page as a visitor without JavaScript gets it. */
async function publicGallery(page: Page, path = "/vip-nightclub-experience") {
  const visitor = await page.context().browser()!.newContext({ javaScriptEnabled: false });
  const view = await visitor.newPage();
  await view.goto(`${server.site}${path}`);
  const images = await view.locator("#main picture img").evaluateAll((list) =>
    list.map((img) => ({
      alt: img.getAttribute("alt"),
      src: img.getAttribute("src"),
      sources: [...img.parentElement!.querySelectorAll("source")].map((s) => s.getAttribute("srcset")),
    })),
  );
  await visitor.close();
  return images;
}

/** Metadata blocks in an image's bytes, as a reader of the served file finds them. */
async function metadataOf(bytes: Buffer) {
  const m = await sharp(bytes).metadata();
  return { exif: !!m.exif, xmp: !!m.xmp, iptc: !!m.iptc, orientation: m.orientation, width: m.width, height: m.height };
}

test("an owner uploads a phone photo, describes it, publishes; visitors get it upright and without metadata", async ({
  page,
}) => {
  await signedInOwner(page);
  const before = await fetch(`${server.base}/vip-nightclub-experience`);
  const etagBefore = before.headers.get("etag");
  expect((await publicGallery(page)).length).toBe(18); // the shipped art

  await page.getByRole("link", { name: t.nav, exact: true }).click();
  await page.getByRole("link", { name: `${t.edit}: ${t.galleries.vip}` }).click();
  await page.locator("html[data-hydrated]").waitFor();
  const fixture = await phonePhoto();
  // The fixture really carries what a phone writes.
  expect((await sharp(fixture).metadata()).orientation).toBe(6);
  expect((await sharp(fixture).metadata()).exif?.toString("latin1")).toContain("PhoneMaker");
  await page.getByLabel(t.add).setInputFiles({ name: "IMG_0001.jpg", mimeType: "image/jpeg", buffer: fixture });
  await page.getByRole("button", { name: t.upload, exact: true }).click();
  // With JavaScript: a progress bar for the file, then its result.
  await expect(page.locator(".site-progress progress")).toHaveCount(1);
  await expect(page.locator(".site-progress")).toContainText(t.uploadedOk(1));
  await expect(page.locator(".site-card img")).toHaveCount(1, { timeout: scaled(30_000) });

  // Without alt texts it cannot be published.
  await page.getByRole("link", { name: t.back }).click();
  await page.getByRole("button", { name: t.publish, exact: true }).click();
  await expect(page.getByRole("alert")).toContainText(t.problem.alt(t.galleries.vip, 1, t.languages.en));
  await expect(page.getByRole("alert")).toContainText(t.problem.alt(t.galleries.vip, 1, t.languages.hr));

  await page.getByRole("link", { name: `${t.edit}: ${t.galleries.vip}` }).click();
  await page.getByLabel(t.altEn).fill("Guests toasting at a VIP table in Split");
  await page.getByLabel(t.altHr).fill("Gosti nazdravljaju za VIP stolom u Splitu");
  await page.getByRole("button", { name: `${t.saveAlt}: ${t.photo(1)}` }).click();
  await expect(page.getByLabel(t.altHr)).toHaveValue("Gosti nazdravljaju za VIP stolom u Splitu");
  await page.getByRole("link", { name: t.back }).click();

  // Preview: the real pages, in this browser only, show the draft; visitors still get the art.
  await page.getByRole("button", { name: t.preview }).click();
  await expect(page.getByRole("status").first()).toContainText(PREVIEW.en.banner);
  await page.goto(`${server.site}/hr/vip-nightclub-experience`);
  await expect(page.getByRole("status").first()).toContainText(PREVIEW.hr.banner);
  await expect(page.locator("#main picture img")).toHaveAttribute("alt", "Gosti nazdravljaju za VIP stolom u Splitu");
  const previewAnswer = await page.request.get(`${server.site}/vip-nightclub-experience`);
  expect(previewAnswer.headers()["cache-control"]).toBe("private, no-store");
  expect((await publicGallery(page)).length).toBe(18);
  await page.getByRole("link", { name: PREVIEW.hr.back }).click();

  await page.getByRole("button", { name: t.publish, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(t.published(1));
  // The sitemap dates the page the publish changed.
  const sitemap = await (await fetch(`${server.base}/sitemap.xml`)).text();
  expect(sitemap).toMatch(/vip-nightclub-experience<\/loc>[\s\S]*?<lastmod>\d{4}-\d{2}-\d{2}T/);

  // The public page, JavaScript off, renewed at once: one photo, described, new ETag.
  const images = await publicGallery(page);
  expect(images).toHaveLength(1);
  expect(images[0]!.alt).toBe("Guests toasting at a VIP table in Split");
  expect((await fetch(`${server.base}/vip-nightclub-experience`)).headers.get("etag")).not.toBe(etagBefore);
  expect((await publicGallery(page, "/hr/vip-nightclub-experience"))[0]!.alt).toBe(
    "Gosti nazdravljaju za VIP stolom u Splitu",
  );

  // Every file the page names: the exact type, nosniff, immutable, 304 when asked again; upright
  // (portrait, red on top as the camera meant), no EXIF, XMP or IPTC.
  const urls = [images[0]!.src!, ...images[0]!.sources.flatMap((set) => set!.split(", ").map((s) => s.split(" ")[0]!))];
  expect(urls.filter((u) => u.endsWith(".avif")).length).toBeGreaterThan(0);
  expect(urls.filter((u) => u.endsWith(".webp")).length).toBeGreaterThan(0);
  for (const url of urls) {
    const answer = await fetch(`${server.base}${url}`);
    expect(answer.status, url).toBe(200);
    const type = { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[url.split(".").pop()!];
    expect(answer.headers.get("content-type"), url).toBe(type);
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    expect(answer.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const bytes = Buffer.from(await answer.arrayBuffer());
    expect(bytes.includes(Buffer.from("PhoneMaker")), url).toBe(false);
    expect(bytes.includes(Buffer.from("Ana Owner")), url).toBe(false);
    const meta = await metadataOf(bytes);
    expect(meta, url).toMatchObject({ exif: false, xmp: false, iptc: false });
    expect(meta.height!, url).toBeGreaterThan(meta.width!);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]!, `${url}: red on top`).toBeGreaterThan(150);
    expect(data[2]!, `${url}: red on top`).toBeLessThan(100);
    const again = await fetch(`${server.base}${url}`, { headers: { "if-none-match": answer.headers.get("etag")! } });
    expect(again.status).toBe(304);
  }

  // Removed: the page shows the shipped art again once published; then put back and published.
  await page.getByRole("link", { name: `${t.edit}: ${t.galleries.vip}` }).click();
  await page.getByRole("button", { name: t.removeLabel(1) }).click();
  await expect(page.getByRole("heading", { name: t.removedTitle })).toBeVisible();
  await page.getByRole("link", { name: t.back }).click();
  await page.getByRole("button", { name: t.publish, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(t.published(2));
  expect(await publicGallery(page)).toHaveLength(18);
  await page.getByRole("link", { name: `${t.edit}: ${t.galleries.vip}` }).click();
  await page.getByRole("button", { name: t.restoreLabel("IMG_0001.jpg") }).click();
  await expect(page.getByLabel(t.altEn)).toHaveValue("Guests toasting at a VIP table in Split");
  await page.getByRole("link", { name: t.back }).click();
  await page.getByRole("button", { name: t.publish, exact: true }).click();
  await expect(page.getByRole("status")).toContainText(t.published(3));
  expect((await publicGallery(page))[0]!.alt).toBe("Guests toasting at a VIP table in Split");

  // Any earlier version is published again in one step (a new version, the same photos).
  await page.getByRole("button", { name: t.restoreVersionLabel(1) }).click();
  await expect(page.getByRole("status")).toContainText(t.restoredVersion(4));
  expect((await publicGallery(page))[0]!.alt).toBe("Guests toasting at a VIP table in Split");

  // Every publish is in the audit log.
  await page.goto(`${server.site}/staff/audit`);
  await expect(page.locator("main")).toContainText("site-publish");
});

test("a member of staff without the grant is refused; with it, let in", async ({ page }) => {
  const made = staffCommand(server, {}, "invite", "crew@example.com");
  const crew = await acceptOverHttp(server, linkIn(made.stdout));
  const asCrew = { headers: { cookie: crew.cookie!, origin: server.base } };
  expect((await fetch(`${server.base}/staff/site`, asCrew)).status).toBe(403);
  expect((await fetch(`${server.base}/staff/site/vip`, asCrew)).status).toBe(403);
  const form = new FormData();
  form.append("gallery", "vip");
  form.append("photos", new Blob([new Uint8Array(await phonePhoto())]), "x.jpg");
  const posted = await fetch(`${server.base}/staff/site/upload`, { method: "POST", body: form, ...asCrew });
  expect(posted.status).toBe(403);
  const home = await (await fetch(`${server.base}/staff`, asCrew)).text();
  expect(home).not.toContain('href="/staff/site"');

  // An owner allows them.
  await signedInOwner(page);
  await page.goto(`${server.site}/staff/people`);
  await page.getByRole("button", { name: `${t.grantAction}: ${t.grantLabel("crew@example.com")}` }).click();
  await expect(page.getByRole("status")).toContainText(t.granted("crew@example.com"));
  expect((await fetch(`${server.base}/staff/site`, asCrew)).status).toBe(200);
});

test("at 375 px in Croatian, with one thumb: the Site section and the public page, axe clean", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await signedInOwner(page);
  await page.getByRole("button", { name: "Hrvatski" }).click();
  const hr = SITE.hr;
  await page.getByRole("link", { name: hr.nav, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(hr.title);
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await page.getByRole("link", { name: `${hr.edit}: ${hr.galleries.vip}` }).click();
  await expect(page.getByLabel(hr.altHr)).toHaveValue("Gosti nazdravljaju za VIP stolom u Splitu");
  // Nothing wider than the screen: no sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await page.goto(`${server.site}/hr/vip-nightclub-experience`);
  await expect(page.locator("#main picture img")).toHaveAttribute("alt", "Gosti nazdravljaju za VIP stolom u Splitu");
  expect((await axeOf(page).analyze()).violations).toEqual([]);
});
