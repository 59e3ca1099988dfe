// Hostile and careless uploads to the Site section, each against a production server over HTTP
// as a browser without JavaScript sends them: a clear refusal in the person's language, nothing
// stored (no photo row, no encoding, the draft unchanged), never a 5xx; and an upload that is
// fine beside them still works.
import { expect, test } from "@playwright/test";
import { SITE } from "../../../app/i18n/site";
import * as bad from "../../support/bad-uploads";
import { acceptOverHttp, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { draftPhotos, siteRows, upload, type Session } from "./site-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3251;
let server: Awaited<ReturnType<typeof staffServer>>;
let owner: Session;

test.beforeAll(async () => {
  // Small bounds, so the oversize cases stay small: 1 MB a file, 3 MB an upload, 20 files.
  server = await staffServer(PORT, { MEDIA_MAX_FILE_MB: "1", MEDIA_MAX_UPLOAD_MB: "3", MEDIA_MAX_FILES: "20" });
  const made = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
  const accepted = await acceptOverHttp(server, linkIn(made.stdout));
  owner = { base: server.base, cookie: accepted.cookie! };
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

/** The refusal the gallery page shows after the redirect, as the owner reads it (Croatian here:
 * the staff language cookie), and what the database holds afterwards. */
async function refusedAs(
  file: { name: string; bytes: Buffer; type?: string },
  refusal: keyof (typeof SITE)["en"]["refusal"],
) {
  const before = siteRows(server.database);
  const answer = await upload(owner, "vip", [file]);
  expect(answer.status).toBe(303);
  // The outcome is kept server-side; the address only names it.
  const location = answer.headers.get("location")!;
  expect(location).toMatch(/^\/staff\/site\/vip\?upload=[\w-]{22}#upload$/);
  const page = await fetch(new URL(location, server.base), { headers: { cookie: `${owner.cookie}; staff-lang=hr` } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain(`<li><bdi>${file.name}</bdi>: ${SITE.hr.refusal[refusal].replace(/&/g, "&amp;")}</li>`);
  // Nothing of it was kept.
  expect(siteRows(server.database)).toEqual(before);
}

test("a few-KB PNG claiming 20,000 × 20,000 pixels is refused from its header, without decoding", async () => {
  const bomb = bad.pngBomb();
  expect(bomb.length).toBeLessThan(8_000);
  await refusedAs({ name: "bomb.png", bytes: bomb, type: "image/png" }, "too-many-pixels");
  // The server did not allocate the 400 MB a decode would: it answers at once, still up.
  expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
});

test("an SVG with a script is not a photo", async () => {
  await refusedAs({ name: "logo.svg", bytes: bad.svgWithScript(), type: "image/svg+xml" }, "markup");
  // Named .jpg and sent as a JPEG, it is judged by its bytes all the same.
  await refusedAs({ name: "logo.jpg", bytes: bad.svgWithScript(), type: "image/jpeg" }, "markup");
});

test("a JPEG with an HTML page appended is refused (a polyglot)", async () => {
  await refusedAs({ name: "party.jpg", bytes: await bad.jpegWithHtml() }, "trailing");
});

test("a truncated JPEG is refused", async () => {
  await refusedAs({ name: "cut.jpg", bytes: await bad.truncatedJpeg() }, "truncated");
});

test("a text file renamed .jpg is refused", async () => {
  await refusedAs({ name: "notes.jpg", bytes: bad.textRenamedJpg() }, "unknown");
});

test("a file over the size bound is refused by name; the body over the upload's bound gets 413", async () => {
  await refusedAs(
    { name: "huge.jpg", bytes: Buffer.concat([await bad.smallJpeg(), Buffer.alloc(1_200_000)]) },
    "too-large",
  );
  const before = siteRows(server.database);
  const body = Buffer.alloc(4 * 1024 * 1024, 0x41);
  const answer = await upload(owner, "vip", [{ name: "big.jpg", bytes: body }]);
  expect(answer.status).toBe(413);
  expect(await answer.text()).toContain("at most 3 MB");
  expect(siteRows(server.database)).toEqual(before);
});

test("100 files in one upload: the whole upload refused, nothing stored", async () => {
  const before = siteRows(server.database);
  const photo = await bad.smallJpeg(64, 48);
  const files = Array.from({ length: 100 }, (_, i) => ({ name: `p${i}.jpg`, bytes: photo }));
  const answer = await upload(owner, "vip", files);
  expect(answer.status).toBe(303);
  const location = answer.headers.get("location")!;
  expect(location).toMatch(/\?upload=[\w-]{22}#upload$/);
  const html = await (await fetch(new URL(location, server.base), { headers: { cookie: owner.cookie } })).text();
  expect(html).toContain(SITE.en.tooManyFiles(20));
  expect(siteRows(server.database)).toEqual(before);
  // The page's script gets the same refusal as JSON.
  const json = await upload(owner, "vip", files, { json: true });
  expect(json.status).toBe(413);
  expect(await json.json()).toEqual({ error: "too-many-files" });
});

test("good files beside a bad one: the good are kept, the bad named", async () => {
  const answer = await upload(owner, "vip", [
    { name: "good.jpg", bytes: await bad.smallJpeg() },
    { name: "bad.jpg", bytes: await bad.jpegWithHtml() },
  ]);
  expect(answer.status).toBe(303);
  const page = await fetch(new URL(answer.headers.get("location")!, server.base), {
    headers: { cookie: owner.cookie },
  });
  const html = await page.text();
  expect(html).toContain(SITE.en.uploadedOk(1));
  expect(html.match(/<li><bdi>/g)).toHaveLength(1);
  expect(html).toContain(`<li><bdi>bad.jpg</bdi>: ${SITE.en.refusal.trailing}</li>`);
  expect(await draftPhotos(owner, "vip")).toHaveLength(1);
  expect(siteRows(server.database).photos).toBe(1);
});
