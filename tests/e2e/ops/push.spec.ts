// Alerts on staff phones (decision 0039): headless Chromium cannot subscribe to a real push service, so pushes go through
// CDP, to the full browser (the headless shell shows no notification).
import { axeOf } from "../axe";
import { expect, test, type Page } from "@playwright/test";
import { ALERTS } from "../../../app/i18n/alerts";
import { BROWSER_ARGS, CHROMIUM } from "../../../scripts/lib/chromium";
import { makeDevice, startPushService } from "../../support/push-stand-in";
import { postEnquiry, startServer, workspace } from "./server";
import {
  acceptInvitation,
  addAuthenticator,
  inDatabase,
  linkIn,
  rowsIn as rows,
  sessionCookie,
  staffCommand,
  staffServer,
} from "./staff-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.use({ launchOptions: { executablePath: CHROMIUM, args: BROWSER_ARGS } });

const PORT = 3260;
const PUSH_PORT = 3261;
let service: Awaited<ReturnType<typeof startPushService>>;
let server: Awaited<ReturnType<typeof staffServer>>;
let page: Page;
/** The browser's device, subscribed by the first test: its keys read what the push service got. */
let phone: Awaited<ReturnType<typeof subscribe>>;

async function subscribe(p: Page, name: string, endpoint = `${service.origin}/push/${name}`) {
  const device = makeDevice();
  const answer = await p.request.post(`${server.site}/staff/alerts`, {
    form: { intent: "subscribe", endpoint, p256dh: device.p256dh, auth: device.auth, name },
    headers: { origin: server.site },
    maxRedirects: 0,
  });
  return { ...device, answer, path: `/push/${name}` };
}

/** Hands a payload to the staff service worker as its push service would (the DevTools protocol). */
async function pushInto(p: Page) {
  const cdp = await p.context().newCDPSession(p);
  const registered = new Promise<string>((resolve) =>
    cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
      const mine = registrations.find((r) => r.scopeURL === `${server.site}/staff/` && !r.isDeleted);
      if (mine) resolve(mine.registrationId);
    }),
  );
  await cdp.send("ServiceWorker.enable");
  const registrationId = await registered;
  return (data: string) => cdp.send("ServiceWorker.deliverPushMessage", { origin: server.site, registrationId, data });
}

const shown = async () =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
    })),
  );

test.beforeAll(async ({ browser }) => {
  service = await startPushService(PUSH_PORT);
  server = await staffServer(PORT, { PUSH_SERVICE_HOSTS: service.origin, PUSH_CONFIRM_MINUTES: "1" });
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.grantPermissions(["notifications"], { origin: server.site });
  page = await context.newPage();
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, {}, "invite", "night@example.com", "--owner").stdout));
});
test.afterAll(async () => {
  server?.child.kill("SIGKILL");
  await service?.close();
});

test("the staff service worker: registered by Alerts, scoped to /staff/; a push through the DevTools protocol shows its notification and posts its receipt", async () => {
  await page.goto(`${server.site}/staff/alerts`);
  await page.locator("html[data-hydrated]").waitFor();
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${server.site}/staff/`);
  const manifest = await (await page.request.get(`${server.site}/staff/app.webmanifest`)).json();
  expect(manifest).toMatchObject({ scope: "/staff", display: "standalone", start_url: "/staff/inbox/needs-reply" });

  phone = await subscribe(page, "phone");
  expect(phone.answer.status()).toBe(303);
  expect(await postEnquiry(server.base, "A table tonight", { category: "VIP Nightclub experience" })).toBe(302);
  await expect.poll(() => service.accepted(phone.path).length, { timeout: scaled(15_000) }).toBe(1);
  const data = phone.decrypt(service.accepted(phone.path)[0]!.body).toString();
  const alert = JSON.parse(data) as { title: string; body: string; tag: string; url: string };

  const deliver = await pushInto(page);
  // Handed over again until shown: on a busy machine Chromium now and then drops a DevTools delivery
  // (the same tag replaces, so repeats show one notification; the last step checks that).
  await expect
    .poll(
      async () => {
        await deliver(data);
        return shown();
      },
      { timeout: scaled(15_000) },
    )
    .toEqual([{ title: alert.title, body: alert.body, tag: alert.tag }]);
  expect(alert.title).toBe("New enquiry: VIP Nightclub experience");
  expect(alert.body).toBe("Open to read.");
  await expect
    .poll(() => rows<{ c: string | null }>(server.database, "SELECT confirmed_at AS c FROM push_sends")[0]?.c ?? null, {
      timeout: scaled(10_000),
    })
    .not.toBeNull();
  // The same alert again (a resend after a crash): one notification, not two (its tag).
  await deliver(data);
  await expect.poll(async () => (await shown()).length).toBe(1);
  expect(alert.url).toMatch(/^\/staff\/inbox\/[0-9a-f-]{36}$/);
});

test("the device list in English and Croatian at 375 px: name, last reached, remove; axe clean", async () => {
  await page.goto(`${server.site}/staff/alerts`);
  await page.locator("html[data-hydrated]").waitFor();
  const list = page.locator("[data-devices]");
  await expect(list.getByText("phone", { exact: true })).toBeVisible();
  await expect(list.getByText(/last reached/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove phone" })).toBeVisible();
  const axe = async () =>
    (await axeOf(page).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(" ")}`);
  expect(await axe()).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: "Hrvatski" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(ALERTS.hr.title);
  await expect(page.getByRole("button", { name: "Ukloni phone" })).toBeVisible();
  await expect(page.getByText(ALERTS.hr.ios.title)).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: "English" }).click();
});

test("bad input: another host, malformed keys, a forged receipt: refused, nothing stored", async () => {
  const before = rows(server.database, "SELECT id FROM push_devices").length;
  const elsewhere = await subscribe(page, "evil", "https://attacker.example/push/1");
  expect(elsewhere.answer.status()).toBe(400);
  const malformed = await page.request.post(`${server.site}/staff/alerts`, {
    form: { intent: "subscribe", endpoint: `${service.origin}/push/bad`, p256dh: "BAAA", auth: "short" },
    headers: { origin: server.site },
    maxRedirects: 0,
  });
  expect(malformed.status()).toBe(400);
  expect(rows(server.database, "SELECT id FROM push_devices")).toHaveLength(before);
  const [send] = rows<{ e: string; d: string }>(
    server.database,
    "SELECT enquiry_id AS e, device_id AS d FROM push_sends",
  );
  const forged = await fetch(`${server.base}/staff/push/receipt`, {
    method: "POST",
    headers: { origin: server.base },
    body: new URLSearchParams({ e: send!.e, d: send!.d, t: "A".repeat(32) }),
  });
  expect(forged.status).toBe(403);
  expect(await (await fetch(`${server.base}/healthz`)).json()).toMatchObject({
    channels: { push: { state: "up" } },
    push: { devices: 1, stale: 0 },
  });
});

test("a device that has not confirmed its last three alerts is stale on its list and on the desk; the desk names the enquiries no device confirmed", async () => {
  for (const message of ["One", "Two", "Three"]) expect(await postEnquiry(server.base, message)).toBe(302);
  await expect.poll(() => service.accepted("/push/phone").length, { timeout: scaled(15_000) }).toBe(4);
  // Each alert is recorded sent after the push service answers: the three rows first, then aged.
  await expect
    .poll(() => rows(server.database, "SELECT 1 FROM push_alerts WHERE sent_at IS NOT NULL AND confirmed_at IS NULL"))
    .toHaveLength(3);
  // No receipt came for these three (nothing showed them); seen as the confirm time (1 min) later.
  const past = new Date(Date.now() - 2 * 60_000).toISOString();
  inDatabase(server.database, "UPDATE push_sends SET sent_at = ? WHERE confirmed_at IS NULL", past);
  // The first alert's receipt came before these three were sent.
  const earlier = new Date(Date.now() - 3 * 60_000).toISOString();
  inDatabase(server.database, "UPDATE push_devices SET last_confirmed_at = ?", earlier);
  inDatabase(server.database, "UPDATE push_sends SET confirmed_at = ? WHERE confirmed_at IS NOT NULL", earlier);
  inDatabase(
    server.database,
    "UPDATE enquiries SET received_at = ? WHERE id IN (SELECT enquiry_id FROM push_sends WHERE confirmed_at IS NULL)",
    past,
  );
  await page.goto(`${server.site}/staff/alerts`);
  await expect(page.locator("[data-stale]").getByText(ALERTS.en.stale)).toBeVisible();
  await expect
    .poll(async () => (await (await fetch(`${server.base}/healthz`)).json()) as Record<string, unknown>)
    .toMatchObject({ status: "degraded", push: { devices: 1, stale: 1, unconfirmed: 3 } });
  await page.goto(`${server.site}/staff/inbox/needs-reply`);
  await expect(page.locator('[data-push="stale"]')).toHaveText(/1 device is stale/);
  const unconfirmed = page.locator('[data-push="unconfirmed"]');
  await expect(unconfirmed).toContainText("No device confirmed the alert for");
  await expect(unconfirmed.getByRole("link")).toHaveCount(3);
});

test("a test alert from the device's row, JavaScript off: the push service takes it, the phone shows it and its receipt ends the stale mark; a second at once waits", async ({
  browser,
}) => {
  const before = service.accepted(phone.path).length;
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
  await noScript.addCookies(await page.context().cookies());
  const bare = await noScript.newPage();
  await bare.goto(`${server.site}/staff/alerts`);
  await expect(bare.locator("[data-stale]").getByText(ALERTS.en.stale)).toBeVisible();
  await bare.getByRole("button", { name: ALERTS.en.testLabel("phone") }).click();
  await expect(bare.getByRole("status")).toHaveText(ALERTS.en.notice.testSent);
  await expect.poll(() => service.accepted(phone.path).length).toBe(before + 1);
  const data = phone.decrypt(service.accepted(phone.path).at(-1)!.body).toString();
  const alert = JSON.parse(data) as { title: string; body: string; url: string };
  expect(alert).toMatchObject({ title: ALERTS.en.notification.test.title, url: "/staff/alerts" });
  expect(data).not.toMatch(/@|\+385/);

  // The phone (this Chromium's service worker) shows it and posts its receipt.
  await page.goto(`${server.site}/staff/alerts`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.evaluate(async () => Boolean(await navigator.serviceWorker.ready));
  const deliver = await pushInto(page);
  // Handed over again until shown, as above.
  await expect
    .poll(
      async () => {
        await deliver(data);
        return (await shown()).map((n) => n.title);
      },
      { timeout: scaled(15_000) },
    )
    .toContain(ALERTS.en.notification.test.title);
  await expect
    .poll(async () => {
      await bare.reload();
      return bare.locator("[data-stale]").count();
    })
    .toBe(0);

  await bare.getByRole("button", { name: ALERTS.en.testLabel("phone") }).click();
  await expect(bare.getByRole("status")).toHaveText(ALERTS.en.notice.testWait);
  expect(service.accepted(phone.path)).toHaveLength(before + 1);
  await noScript.close();
});

test("a subscription the browser renewed on its own: the service worker's post moves the device, which keeps its name and rings at the new address; a forged one changes nothing", async () => {
  const renewed = makeDevice();
  const post = (oldAuth: string) =>
    fetch(`${server.base}/staff/push/renewal`, {
      method: "POST",
      headers: { origin: server.base },
      body: new URLSearchParams({
        old: `${service.origin}${phone.path}`,
        oldAuth,
        endpoint: `${service.origin}/push/phone-renewed`,
        p256dh: renewed.p256dh,
        auth: renewed.auth,
      }),
    });
  const endpoints = () =>
    rows<{ endpoint: string; name: string }>(server.database, "SELECT endpoint, name FROM push_devices");
  expect((await post(makeDevice().auth)).status).toBe(403);
  expect(endpoints()).toEqual([{ endpoint: `${service.origin}${phone.path}`, name: "phone" }]);
  expect((await post(phone.auth)).status).toBe(204);
  expect(endpoints()).toEqual([{ endpoint: `${service.origin}/push/phone-renewed`, name: "phone" }]);
  expect(rows(server.database, "SELECT 1 FROM staff_audit WHERE event = 'push-device-renewed'")).toHaveLength(1);

  expect(await postEnquiry(server.base, "After the renewal", { category: "Concierge services" })).toBe(302);
  await expect.poll(() => service.accepted("/push/phone-renewed").length, { timeout: scaled(15_000) }).toBe(1);
  const alert = JSON.parse(renewed.decrypt(service.accepted("/push/phone-renewed")[0]!.body).toString()) as {
    title: string;
  };
  expect(alert.title).toBe("New enquiry: Concierge services");
});

test("nothing of the staff app on public pages: no service worker registered, no manifest of its own", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  for (const path of ["/", "/contact", "/hr"]) {
    const answer = await visitor.goto(`${server.site}${path}`);
    const html = await answer!.text();
    expect(html).not.toMatch(/serviceWorker|sw\.js|app\.webmanifest/);
    expect(await visitor.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  }
  await context.close();
});

test("each device gets the enquiry once across a kill -9 during a call and a restart", async () => {
  test.setTimeout(scaled(90_000));
  const place = workspace();
  const env = { PUSH_SERVICE_HOSTS: service.origin, PUBLIC_SITE_URL: "http://localhost:3262", COOKIE_SECURE: "false" };
  let first = await startServer(3262, env, place);
  try {
    const context = await page.context().browser()!.newContext();
    const p = await context.newPage();
    await addAuthenticator(p);
    const site = "http://localhost:3262";
    await acceptInvitation(
      p,
      linkIn(staffCommand({ database: place.database, site }, {}, "invite", "k@example.com").stdout),
    );
    const cookie = await sessionCookie(context);
    const devices: string[] = [];
    for (const name of ["k-one", "k-two"]) {
      const { p256dh, auth } = makeDevice();
      const endpoint = `${service.origin}/push/${name}`;
      const answer = await fetch(`${first.base}/staff/alerts`, {
        method: "POST",
        headers: { cookie, origin: first.base, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "subscribe", endpoint, p256dh, auth, name }),
        redirect: "manual",
      });
      expect(answer.status).toBe(303);
      devices.push(`/push/${name}`);
    }
    await context.close();
    // The second device's push service never answers the first call: the kill lands during it.
    service.answer(devices[1]!, "hold");
    expect(await postEnquiry(first.base, "Once only")).toBe(302);
    await expect
      .poll(() => service.requests.filter((r) => r.path === devices[1]).length, { timeout: scaled(15_000) })
      .toBe(1);
    expect(service.accepted(devices[0]!)).toHaveLength(1);
    first.child.kill("SIGKILL");
    await first.exited;
    first = await startServer(3262, env, place);
    await expect.poll(() => service.accepted(devices[1]!).length, { timeout: scaled(20_000) }).toBe(1);
    expect(service.accepted(devices[0]!)).toHaveLength(1);
    expect(first.logs()).toContain('"event":"push.resending"');
  } finally {
    first.child.kill("SIGKILL");
  }
});
