// Visits counted as a client over HTTP meets them (decision 0046), and the enquiry that carries its first source.
import { expect, test } from "@playwright/test";
import { HTTP } from "../helpers";
import { enquiryBody } from "./server";
import { acceptOverHttp, linkIn, rowsIn, staffCommand, staffServer } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
let server: Awaited<ReturnType<typeof staffServer>>;

test.beforeAll(async () => {
  server = await staffServer(3530, { TRUST_PROXY_HEADER: "x-real-ip", VISIT_FLUSH_SECONDS: "1" });
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

const visit = (path: string, agent: string, address: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(`${server.base}${path}`, { method, headers: { "user-agent": agent, "x-real-ip": address, ...headers } });
const rows = <T>(sql: string) => rowsIn<T>(server.database, sql);
const views = () =>
  rows<{ page: string; language: string; device: string; views: number; visitors: number }>(
    "SELECT page, language, device, views, visitors FROM visit_pages ORDER BY page, language, device",
  );

test(`a visit's source is counted and its visitor's enquiry carries it, never what the POST says ${HTTP}`, async () => {
  const from = { referer: "https://l.instagram.com/" };
  expect(
    (
      await visit(
        "/?utm_source=instagram&utm_campaign=summer-vip&fbclid=IwAR3-click-id-kept-nowhere",
        PHONE,
        "203.0.113.7",
        from,
      )
    ).status,
  ).toBe(200);
  expect((await visit("/hr/contact", PHONE, "203.0.113.7", { referer: `${server.site}/` })).status).toBe(200);
  // Another visitor (another address) from a search engine, counted apart.
  expect((await visit("/hr", DESKTOP, "198.51.100.2", { referer: "https://www.google.hr/" })).status).toBe(200);

  const posted = await fetch(`${server.base}/contact`, {
    method: "POST",
    headers: { "user-agent": PHONE, "x-real-ip": "203.0.113.7", referer: "https://evil.example/?utm_source=evil" },
    body: enquiryBody("Table for six", "Ana", { source_channel: "evil", utm_source: "evil", source: "evil" }),
    redirect: "manual",
  });
  expect(posted.status).toBe(302);
  // The same form from an address that made no visit: no source.
  const unseen = await fetch(`${server.base}/contact`, {
    method: "POST",
    headers: { "user-agent": PHONE, "x-real-ip": "192.0.2.44" },
    body: enquiryBody("Table for two", "Iva"),
    redirect: "manual",
  });
  expect(unseen.status).toBe(302);

  expect(
    rows(
      "SELECT name, source_channel, source_medium, source_campaign, source_referrer, source_landing FROM enquiries ORDER BY name",
    ),
  ).toEqual([
    {
      name: "Ana",
      source_channel: "instagram",
      source_medium: "social",
      source_campaign: "summer-vip",
      source_referrer: "l.instagram.com",
      source_landing: "/",
    },
    {
      name: "Iva",
      source_channel: null,
      source_medium: null,
      source_campaign: null,
      source_referrer: null,
      source_landing: null,
    },
  ]);
  await expect
    .poll(() =>
      rows("SELECT channel, campaign, landing, visitors, contact_visitors FROM visit_sources ORDER BY channel"),
    )
    .toEqual([
      { channel: "google", campaign: "", landing: "/hr", visitors: 1, contact_visitors: 0 },
      { channel: "instagram", campaign: "summer-vip", landing: "/", visitors: 1, contact_visitors: 1 },
    ]);
  expect(views()).toEqual([
    { page: "/", language: "en", device: "phone", views: 1, visitors: 1 },
    { page: "/", language: "hr", device: "desktop", views: 1, visitors: 1 },
    { page: "/contact", language: "hr", device: "phone", views: 1, visitors: 1 },
  ]);
  // Nothing that outlives the day: no address, no agent, no click id.
  const stored =
    JSON.stringify(rows("SELECT * FROM visit_visitors")) + JSON.stringify(rows("SELECT * FROM visit_sources"));
  for (const secret of ["203.0.113.7", "198.51.100.2", "iPhone", "IwAR3-click-id-kept-nowhere"])
    expect(stored).not.toContain(secret);
});

test(`bots, previews, prefetches, HEAD, staff, errors and health checks are not counted ${HTTP}`, async () => {
  const owner = (
    await acceptOverHttp(server, linkIn(staffCommand(server, {}, "invite", "owner@example.com", "--owner").stdout))
  ).cookie!;
  const before = views();
  const address = "203.0.113.50";
  const answers = await Promise.all([
    visit("/privacy", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", address),
    visit("/privacy", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", address),
    visit("/privacy", "WhatsApp/2.23.20.0", address),
    visit("/privacy", DESKTOP, address, { "sec-purpose": "prefetch;prerender" }),
    visit("/privacy", DESKTOP, address, { purpose: "prefetch" }),
    visit("/privacy", DESKTOP, address, {}, "HEAD"),
    visit("/privacy", DESKTOP, address, { cookie: owner }),
    visit("/privacy", "", address),
    visit("/healthz", "kube-probe/1.29", address),
    visit("/healthz", DESKTOP, address),
    visit("/no-such-page", DESKTOP, address),
    visit("/privacy", "curl/8.5.0", address),
  ]);
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 404, 200]);
  // The one view that counts, last: once it is written, so is everything before it.
  await visit("/hr/privacy", DESKTOP, "203.0.113.51", { "sec-gpc": "1" });
  await expect
    .poll(() => views().filter((v) => v.page === "/privacy"))
    .toEqual([{ page: "/privacy", language: "hr", device: "desktop", views: 1, visitors: 1 }]);
  expect(views().filter((v) => v.page !== "/privacy")).toEqual(before);
});

test(`behind a CDN the page's beacon counts the view and the server's answer does not ${HTTP}`, async () => {
  const cdn = await staffServer(3531, { VISIT_BEACON: "true", VISIT_FLUSH_SECONDS: "1" });
  try {
    const headers = { "user-agent": PHONE };
    const page = await (await fetch(`${cdn.base}/contact`, { headers })).text();
    const script = /<script>([^<]*sendBeacon[^<]*)<\/script>/.exec(page)?.[1] ?? "";
    expect(script.length).toBeGreaterThan(50);
    expect(script.length).toBeLessThan(400);
    const beacon = (body: string) =>
      fetch(`${cdn.base}/visit`, {
        method: "POST",
        headers: { ...headers, origin: cdn.base, "content-type": "text/plain;charset=UTF-8" },
        body,
      });
    expect((await beacon("not json")).status).toBe(400);
    expect((await beacon(JSON.stringify({ r: "x" }))).status).toBe(400);
    const sent = JSON.stringify({ u: `${cdn.site}/?utm_source=newsletter`, r: "https://news.example.org/issue/3" });
    expect((await beacon(sent)).status).toBe(204);
    await expect
      .poll(() => rowsIn(cdn.database, "SELECT page, views FROM visit_pages ORDER BY page"))
      .toEqual([{ page: "/", views: 1 }]);
    expect(rowsIn(cdn.database, "SELECT channel, medium, referrer FROM visit_sources")).toEqual([
      { channel: "newsletter", medium: "referral", referrer: "news.example.org" },
    ]);
  } finally {
    cdn.child.kill("SIGKILL");
  }
  // Without the switch the server counts its answers and takes no beacon.
  expect((await fetch(`${server.base}/visit`, { method: "POST", body: "{}" })).status).toBe(405);
});

test(`what is counted in memory is written at shutdown ${HTTP}`, async () => {
  const stopping = await staffServer(3532, { VISIT_FLUSH_SECONDS: "3600" });
  expect((await fetch(`${stopping.base}/privacy`, { headers: { "user-agent": PHONE } })).status).toBe(200);
  expect(rowsIn(stopping.database, "SELECT page FROM visit_pages")).toEqual([]);
  stopping.child.kill("SIGTERM");
  expect(await stopping.exited).toBe(0);
  expect(rowsIn(stopping.database, "SELECT page, device, views, visitors FROM visit_pages")).toEqual([
    { page: "/privacy", device: "phone", views: 1, visitors: 1 },
  ]);
});
