// The owner's words on several hosts: two production servers on one throwaway PostgreSQL. A
// publish of words and contact details on one is served by the other (its page cache renewed,
// a new ETag, the footer's phone and the JSON-LD) within 5 s.
import { expect, test } from "@playwright/test";
import { siteReplicas } from "./site-replicas-helpers";
import { publishDraft, siteForm } from "./site-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(120_000));

const hosts = siteReplicas([3272, 3273], "words");

test("words and a phone published on one replica are served by the other within 5 s", async () => {
  const [a, b] = hosts.replicas();
  const owner = await hosts.owner();

  const cached = await fetch(`${b.base}/hr/contact`);
  const etag = cached.headers.get("etag");
  expect(await cached.text()).not.toContain("+385 98 123 4567");

  const html = await (await fetch(`${a.base}/staff/site/words/contact`, { headers: { cookie: owner.cookie } })).text();
  const revision = /name="revision" value="(\d+)"/.exec(html)![1]!;
  const saved = await siteForm(owner, "/staff/site/words/contact", {
    revision,
    "about.en": "A young team in Split.",
    "about.hr": "Mlada ekipa iz Splita.",
    email: "",
    phone: "+385 98 123 4567",
    whatsapp: "",
    socialUrl: "",
    socialLabel: "",
  });
  expect(saved.status).toBe(200);
  expect((await publishDraft(owner)).status).toBe(200);
  const published = Date.now();

  let page = "";
  await expect
    .poll(
      async () => {
        page = await (await fetch(`${b.base}/hr/contact`)).text();
        return page.includes("Mlada ekipa iz Splita.");
      },
      { timeout: scaled(5_000), intervals: [100] },
    )
    .toBe(true);
  console.log(`replica B served the words after ${((Date.now() - published) / 1000).toFixed(2)} s`);
  expect(page).toContain('href="tel:+385981234567"');
  expect(page).toContain('"telephone":"+385 98 123 4567"');
  expect((await fetch(`${b.base}/hr/contact`)).headers.get("etag")).not.toBe(etag);
});
