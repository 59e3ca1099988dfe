import { existsSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { axeOf } from "../axe";
import { expect, test } from "@playwright/test";
import {
  acceptInvitation,
  addAuthenticator,
  doorFaults,
  inDatabase,
  linkIn,
  listPasskeyIds,
  sessionCookie,
  signIn,
  spellings,
  STAFF_ROUTES,
  staffCommand,
  staffServer,
} from "./staff-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });

const PORT = 3201;
// Sign-ins come from 127.0.0.1; the brute force from an address of its own (as a trusted proxy's header says).
const SIGN_IN_MAX = 200;
let server: Awaited<ReturnType<typeof staffServer>>;
const env = { STAFF_SIGN_IN_MAX: String(SIGN_IN_MAX), PUBLIC_SITE_URL: `http://localhost:${PORT}` };

test.beforeAll(async () => {
  server = await staffServer(PORT, { STAFF_SIGN_IN_MAX: String(SIGN_IN_MAX), TRUST_PROXY_HEADER: "x-real-ip" });
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

test("the owner's invitation from the command: a passkey, signed in; sign out, sign in again; a second passkey", async ({
  page,
}) => {
  test.slow();
  const invited = staffCommand(server, env, "invite", "Owner@Example.com", "--owner");
  expect(invited.status, invited.stderr).toBe(0);
  expect(invited.stdout).toContain("owner@example.com (owner)");
  const link = linkIn(invited.stdout);
  expect(
    inDatabase(
      server.database,
      "UPDATE staff_invitations SET created_by = created_by WHERE token_hash = ?",
      link.split("token=")[1],
    ),
  ).toBe(0);

  const first = await addAuthenticator(page);
  await acceptInvitation(page, link);
  expect(await first.credentials()).toHaveLength(1);
  const cookie = (await page.context().cookies()).find((c) => c.name === "staff")!;
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe("Lax");

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/staff\/sign-in\?signed-out=1/);
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto(`${server.site}/staff`);
  await expect(page).toHaveURL(/\/staff\/sign-in$/);

  await signIn(page, server.site);
  await page.getByRole("navigation").getByRole("link", { name: "Your passkeys" }).click();
  await page.locator("html[data-hydrated]").waitFor();
  await first.remove();
  const second = await addAuthenticator(page);
  await page.getByRole("button", { name: "Add another passkey" }).click();
  await expect(page).toHaveURL(/added=1/);
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Remove the passkey/ })).toHaveCount(2);
  expect(await second.credentials()).toHaveLength(1);

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await signIn(page, server.site);
  const audit = staffCommand(server, env, "list");
  expect(audit.stdout).toMatch(/owner@example\.com\s+owner\s+2 passkeys/);
  expect(staffCommand(server, env, "invite").status).toBe(2);
  expect(staffCommand(server, env, "invite", "not-an-address").stderr).toContain("is not an e-mail address");
  expect(staffCommand(server, env, "remove", "nobody@example.com").stderr).toContain("has no account");
  const missing = staffCommand({ database: `${server.dir}/missing/site.db` }, env, "list");
  expect(missing.status).toBe(1);
  expect(missing.stderr).toContain("No database at");
  expect(existsSync(`${server.dir}/missing/site.db`)).toBe(false);
});

test("an authenticator that cannot verify its holder (no screen lock, no PIN: UV=0) makes no passkey", async ({
  page,
}) => {
  const link = linkIn(staffCommand(server, env, "invite", "nopin@example.com").stdout);
  const key = await addAuthenticator(page, { verifies: false });
  await page.goto(link);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Make a passkey" }).click();
  await expect(page.locator(".staff-status")).not.toHaveText(/^$|Working/, { timeout: scaled(15_000) });
  await expect(page).toHaveURL(/\/staff\/invitation\?token=/);
  expect(listPasskeyIds(server.database, "nopin@example.com")).toEqual([]);
  expect(await key.credentials()).toHaveLength(0);
  expect((await page.context().cookies()).find((c) => c.name === "staff")).toBeUndefined();
});

test("a used link and an expired link get a 410 page that says which; an unknown one a 404", async ({ page }) => {
  const made = staffCommand(server, env, "invite", "late@example.com");
  const link = linkIn(made.stdout);
  inDatabase(server.database, "UPDATE staff_invitations SET expires_at = '2000-01-01T00:00:00.000Z'");
  const expired = await page.goto(link);
  expect(expired?.status()).toBe(410);
  await expect(page.getByText("has expired")).toBeVisible();

  const again = linkIn(staffCommand(server, env, "reset", "late@example.com").stdout);
  await addAuthenticator(page);
  await acceptInvitation(page, again);
  const reused = await page.context().request.get(again);
  expect(reused.status()).toBe(410);
  expect(await reused.text()).toContain("already been used");
  const spent = await page.context().request.post(`${server.site}/staff/passkey`, {
    form: { intent: "register-options", token: again.split("token=")[1]! },
    headers: { origin: server.site },
  });
  expect(spent.status()).toBe(410);

  const unknown = await page.goto(`${server.site}/staff/invitation?token=${randomBytes(32).toString("base64url")}`);
  expect(unknown?.status()).toBe(404);
  await expect(page.getByText("is not valid")).toBeVisible();
});

test("removing a person while they are signed in: their next request is refused", async ({ browser }) => {
  const owner = await browser.newContext();
  const ownerPage = await owner.newPage();
  await addAuthenticator(ownerPage);
  const made = staffCommand(server, env, "invite", "boss@example.com", "--owner");
  await acceptInvitation(ownerPage, linkIn(made.stdout));

  await ownerPage.goto(`${server.site}/staff/people`);
  await ownerPage.getByLabel("E-mail").fill("Marko@Example.com");
  await ownerPage.getByRole("button", { name: "Invite", exact: true }).click();
  const link = (await ownerPage.locator("#staff-link").textContent())!.trim();
  expect(link).toMatch(/\/staff\/invitation\?token=/);

  const staff = await browser.newContext();
  const staffPage = await staff.newPage();
  await addAuthenticator(staffPage);
  await acceptInvitation(staffPage, link);
  expect((await staffPage.goto(`${server.site}/staff/people`))?.status()).toBe(403);
  expect((await staffPage.goto(`${server.site}/staff/audit`))?.status()).toBe(403);
  const cookie = await sessionCookie(staff);
  const [ownerPasskey] = listPasskeyIds(server.database, "boss@example.com");
  const foreign = await fetch(`${server.base}/staff/account`, {
    method: "POST",
    headers: { cookie, origin: server.base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ passkey: ownerPasskey! }),
    redirect: "manual",
  });
  expect(foreign.status).toBe(404);
  expect(listPasskeyIds(server.database, "boss@example.com")).toEqual([ownerPasskey]);
  const asOwner = await fetch(`${server.base}/staff/people`, {
    method: "POST",
    headers: { cookie, origin: server.base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "remove", email: "boss@example.com" }),
    redirect: "manual",
  });
  expect(asOwner.status).toBe(403);

  await ownerPage.goto(`${server.site}/staff/people`);
  await ownerPage.getByRole("button", { name: "Remove marko@example.com" }).click();
  await expect(ownerPage.getByText("marko@example.com was removed")).toBeVisible();

  const refused = await staffPage.goto(`${server.site}/staff`);
  expect(refused?.status()).toBe(401);
  await expect(staffPage.getByText("Your session has ended or you are not signed in.")).toBeVisible();
  const direct = await fetch(`${server.base}/staff/account`, { headers: { cookie }, redirect: "manual" });
  expect(direct.status).toBe(401);
  expect(await direct.text()).not.toContain("marko@example.com");
  await staffPage.getByRole("link", { name: /Sign in/ }).click();
  await expect(staffPage).toHaveURL(/\/staff\/sign-in$/);

  await ownerPage.goto(`${server.site}/staff/audit`);
  await expect(ownerPage.getByRole("cell", { name: "person-removed" })).toBeVisible();
  await expect(ownerPage.getByRole("cell", { name: "marko@example.com" }).first()).toBeVisible();
  await owner.close();
  await staff.close();
});

test("a cookie copied before sign-out is refused after it, and sign out everywhere ends every device", async ({
  browser,
}) => {
  const first = await browser.newContext();
  const page = await first.newPage();
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, env, "invite", "ivana@example.com").stdout));
  const copied = await sessionCookie(first);
  expect((await fetch(`${server.base}/staff`, { headers: { cookie: copied } })).status).toBe(200);
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  const replay = await fetch(`${server.base}/staff/account`, { headers: { cookie: copied }, redirect: "manual" });
  expect(replay.status).toBe(401);
  expect(replay.headers.get("set-cookie")).toMatch(/staff=;.*Max-Age=0/);

  await signIn(page, server.site);
  const phone = await sessionCookie(first);
  await page.goto(`${server.site}/staff/account`);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page).toHaveURL(/sign-in/);
  expect((await fetch(`${server.base}/staff`, { headers: { cookie: phone }, redirect: "manual" })).status).toBe(401);
  await first.close();
});

test("an idle session ends; the staff pages are no-store, noindex, framed by nobody, under the strict CSP", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, env, "invite", "luka@example.com").stdout));
  const response = await page.goto(`${server.site}/staff/account`);
  const headers = response!.headers();
  expect(headers["cache-control"]).toBe("no-store");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+'(;| )/);
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*unsafe/);
  expect(await (await fetch(`${server.base}/sitemap.xml`)).text()).not.toContain("/staff");
  expect(await (await fetch(`${server.base}/robots.txt`)).text()).toContain("Disallow: /staff\n");

  const cookie = await sessionCookie(context);
  inDatabase(server.database, "UPDATE staff_sessions SET last_seen_at = '2000-01-01T00:00:00.000Z'");
  const idle = await fetch(`${server.base}/staff`, { headers: { cookie }, redirect: "manual" });
  expect(idle.status).toBe(303);
  expect(idle.headers.get("location")).toBe("/staff/sign-in?ended=1");
  await context.close();
});

test("every staff route without a session, with a forged cookie or a malformed one: the sign-in page or 401/403, never data", async () => {
  test.slow();
  expect(STAFF_ROUTES.length).toBeGreaterThanOrEqual(8);
  const forged = `staff=${randomBytes(32).toString("base64url")}`;
  const faults: string[] = [];
  for (const route of STAFF_ROUTES)
    for (const path of spellings(route))
      for (const cookie of [undefined, forged, "staff=not-a-token", "staff="])
        faults.push(...(await doorFaults(server.base, path, cookie)));
  expect(faults).toEqual([]);
  expect(staffCommand(server, env, "list").stdout).toContain("owner@example.com");
});

test("a POST with a session but from no page of this site (no Origin) is refused", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, env, "invite", "nina@example.com").stdout));
  const cookie = await sessionCookie(context);
  const post = await fetch(`${server.base}/staff/sign-out`, {
    method: "POST",
    headers: { cookie },
    redirect: "manual",
  });
  expect(post.status).toBe(403);
  const crossSite = await fetch(`${server.base}/staff/sign-out`, {
    method: "POST",
    headers: { cookie, origin: "https://evil.example" },
    redirect: "manual",
  });
  expect(crossSite.status).toBe(403);
  expect((await fetch(`${server.base}/staff`, { headers: { cookie } })).status).toBe(200);
  await context.close();
});

test("after sign-in only staff paths of this site: open-redirect attempts land on /staff", async ({ page }) => {
  test.slow();
  await addAuthenticator(page);
  const made = staffCommand(server, env, "invite", "redirect@example.com");
  await acceptInvitation(page, linkIn(made.stdout));
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  for (const next of [
    "https://evil.example/staff",
    "//evil.example/staff",
    "/\\evil.example",
    "/staff/../contact",
    "javascript:alert(1)",
    "/staff/sign-in",
  ]) {
    await page.goto(`${server.site}/staff/sign-in?next=${encodeURIComponent(next)}`);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await page.waitForURL(`${server.site}/staff`);
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
  }
  await page.goto(`${server.site}/staff/sign-in?next=${encodeURIComponent("/staff/account")}`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(`${server.site}/staff/account`);
});

test("a replayed assertion (the browser's own answer, sent again) is refused: the challenge was spent", async ({
  page,
}) => {
  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, env, "invite", "replay@example.com").stdout));
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  let captured = "";
  await page.route("**/staff/passkey", async (route) => {
    const body = route.request().postData() ?? "";
    if (new URLSearchParams(body).get("intent") === "sign-in") captured = body;
    await route.continue();
  });
  await signIn(page, server.site);
  expect(captured).toContain("response=");
  const replay = await fetch(`${server.base}/staff/passkey`, {
    method: "POST",
    headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded" },
    body: captured,
  });
  expect(replay.status).toBe(400);
  expect(await replay.json()).toEqual({ error: "refused" });
  expect(replay.headers.get("set-cookie")).toBeNull();
});

test("a brute force of sign-in attempts meets the limit (429 with Retry-After), and the answer never tells who has an account", async () => {
  const ask = (email: string) =>
    fetch(`${server.base}/staff/passkey`, {
      method: "POST",
      headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded", "x-real-ip": "203.0.113.7" },
      body: new URLSearchParams({ intent: "sign-in-options", email }),
    });
  // Options for an account and for nobody are the same answer: no credential ids at all.
  const known = (await (await ask("owner@example.com")).json()) as { options: Record<string, unknown> };
  const nobody = (await (await ask("nobody@example.com")).json()) as { options: Record<string, unknown> };
  expect(Object.keys(known.options).sort()).toEqual(Object.keys(nobody.options).sort());
  expect(known.options).not.toHaveProperty("allowCredentials");

  const statuses: number[] = [];
  for (let i = 0; i < SIGN_IN_MAX + 5; i++) {
    const answer = await fetch(`${server.base}/staff/passkey`, {
      method: "POST",
      headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded", "x-real-ip": "203.0.113.7" },
      body: new URLSearchParams({
        intent: "sign-in",
        response: JSON.stringify({ id: "x", response: { clientDataJSON: "e30" } }),
      }),
    });
    statuses.push(answer.status);
    if (answer.status === 429) expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect(statuses.filter((s) => s === 400).length).toBe(SIGN_IN_MAX - 2);
  expect(statuses.slice(-5)).toEqual([429, 429, 429, 429, 429]);
  const other = await fetch(`${server.base}/staff/passkey`, {
    method: "POST",
    headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded", "x-real-ip": "203.0.113.8" },
    body: new URLSearchParams({ intent: "sign-in-options" }),
  });
  expect(other.status).toBe(200);
  expect(server.logs()).not.toContain("nobody@example.com");
});

test("the sign-in and landing pages: axe-clean, keyboard, English and Croatian, 375 px", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 800 }, locale: "hr-HR" });
  const page = await context.newPage();
  await page.goto(`${server.site}/staff/sign-in`);
  await expect(page.locator("html")).toHaveAttribute("lang", "hr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Prijava osoblja");
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await page.getByRole("button", { name: "English" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Staff sign-in");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await addAuthenticator(page);
  await acceptInvitation(page, linkIn(staffCommand(server, env, "invite", "axe@example.com").stdout));
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  await page.goto(`${server.site}/staff/account`);
  expect((await axeOf(page).analyze()).violations).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await context.close();
});
