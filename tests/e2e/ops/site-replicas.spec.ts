// The owner's photos on several hosts: two production servers on one throwaway PostgreSQL. An
// upload to one is processed and stored in the database (bytea); a publish on one is served by
// the other, its page cache renewed (a new ETag), within 5 s; the other serves the encodings too.
import { expect, test } from "@playwright/test";
import { siteReplicas } from "./site-replicas-helpers";
import { draftPhotos, phonePhoto, processed, publishDraft, siteForm, upload } from "./site-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(120_000));

const hosts = siteReplicas([3253, 3254], "site");

test("a publish on one replica is served by the other within 5 s, page cache renewed", async () => {
  const [, b] = hosts.replicas();
  const owner = await hosts.owner();

  // B has the page cached (the shipped art) before the publish.
  const cached = await fetch(`${b.base}/event-organization`);
  const etag = cached.headers.get("etag");
  expect((await cached.text()).match(/<picture>/g)).toHaveLength(12);

  expect((await upload(owner, "events", [{ name: "boat.jpg", bytes: await phonePhoto() }])).status).toBe(303);
  await processed(owner, "events");
  const [photo] = await draftPhotos(owner, "events");
  await siteForm(owner, "/staff/site/events", {
    intent: "alt",
    photo: photo!,
    alt_en: "A boat party at sunset off Hvar",
    alt_hr: "Zabava na brodu u zalazak sunca kod Hvara",
  });
  expect((await publishDraft(owner)).status).toBe(200);
  const published = Date.now();

  // B serves the new page (not its cached copy) within 5 s.
  let html = "";
  await expect
    .poll(
      async () => {
        html = await (await fetch(`${b.base}/event-organization`)).text();
        return html.includes("A boat party at sunset off Hvar");
      },
      { timeout: scaled(5_000), intervals: [100] },
    )
    .toBe(true);
  const seconds = (Date.now() - published) / 1000;
  console.log(`replica B served the publish after ${seconds.toFixed(2)} s`);
  expect((await fetch(`${b.base}/event-organization`)).headers.get("etag")).not.toBe(etag);
  expect(html.match(/<picture>/g)).toHaveLength(1);
  // …and the photo's files, from the database.
  const src = /<img src="(\/media\/[^"]+)"/.exec(html)![1]!;
  const file = await fetch(`${b.base}${src}`);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("image/jpeg");
  expect((await fetch(`${b.base}/healthz`).then((r) => r.json())).site.version).toBe(1);
});
