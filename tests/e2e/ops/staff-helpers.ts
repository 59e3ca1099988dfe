import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import Database from "better-sqlite3";
import { expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from "@simplewebauthn/server";
import { routerPath } from "../../../app/staff/paths";
import { softAuthenticator } from "../../support/soft-authenticator";
import { startServer, workspace, type OpsServer } from "./server";

/** Its PUBLIC_SITE_URL the same: WebAuthn needs a secure context (localhost is one over plain HTTP) and a host name
 * as the relying party id (never an IP address). */
export async function staffServer(port: number, env: Record<string, string> = {}, place = workspace()) {
  const server = await startServer(
    port,
    { PUBLIC_SITE_URL: `http://localhost:${port}`, COOKIE_SECURE: "false", ...env },
    place,
  );
  return { ...server, site: `http://localhost:${port}` };
}

export function staffCommand(
  server: Pick<OpsServer, "database"> & { site?: string },
  env: Record<string, string>,
  ...args: string[]
) {
  const run = spawnSync(process.execPath, ["build/staff.js", ...args], {
    env: {
      ...process.env,
      DATABASE_URL: `file:${server.database}`,
      ...(server.site ? { PUBLIC_SITE_URL: server.site } : {}),
      ...env,
    },
    encoding: "utf8",
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

export function linkIn(output: string): string {
  const link = /https?:\/\/\S+\/staff\/invitation\?token=[A-Za-z0-9_-]{43}/.exec(output)?.[0];
  if (!link) throw new Error(`no invitation link in: ${output}`);
  return link;
}

export async function addAuthenticator(page: Page, { verifies = true }: { verifies?: boolean } = {}) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: verifies,
      isUserVerified: verifies,
      automaticPresenceSimulation: true,
    },
  });
  return {
    remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }),
    credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials,
  };
}

export async function acceptInvitation(page: Page, link: string) {
  await page.goto(link);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Make a passkey" }).click();
  await page.waitForURL(/\/staff$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Signed in as");
}

export async function signIn(page: Page, site: string) {
  await page.goto(`${site}/staff/sign-in`);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await page.waitForURL(/\/staff$/);
}

export async function sessionCookie(context: BrowserContext) {
  const cookie = (await context.cookies()).find((c) => c.name === "staff" || c.name === "__Host-staff");
  if (!cookie) throw new Error("no staff session cookie");
  return `${cookie.name}=${cookie.value}`;
}

export function inDatabase(file: string, sql: string, ...values: unknown[]) {
  const db = new Database(file);
  try {
    return db.prepare(sql).run(...values).changes;
  } finally {
    db.close();
  }
}

/** Rows of a server's SQLite database, read-only (what a test checks the server stored). */
export function rowsIn<T = Record<string, unknown>>(file: string, sql: string, ...values: unknown[]): T[] {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare(sql).all(...values) as T[];
  } finally {
    db.close();
  }
}

export const listPasskeyIds = (file: string, email: string): string[] =>
  rowsIn<{ id: string }>(
    file,
    "SELECT p.id FROM staff_passkeys p JOIN staff_members m ON m.id = p.member_id WHERE m.email = ?",
    email,
  ).map((r) => r.id);

export async function acceptOverHttp(
  server: { base: string; site: string },
  link: string,
  device = softAuthenticator(server.site),
  { verified = true } = {},
) {
  const token = new URL(link).searchParams.get("token")!;
  const options = await ceremony(server, { intent: "register-options", token });
  const response = device.register((options.body as { options: PublicKeyCredentialCreationOptionsJSON }).options, {
    verified,
  });
  const answer = await ceremony(server, { intent: "register", token, response: JSON.stringify(response) });
  return { device, status: answer.status, body: answer.body, cookie: answer.cookie };
}

export async function signInOverHttp(
  server: { base: string; site: string },
  device: ReturnType<typeof softAuthenticator>,
  { verified = true, headers = {} }: { verified?: boolean; headers?: Record<string, string> } = {},
) {
  const options = await ceremony(server, { intent: "sign-in-options" }, headers);
  const response = device.assert((options.body as { options: PublicKeyCredentialRequestOptionsJSON }).options, {
    verified,
  });
  return ceremony(server, { intent: "sign-in", response: JSON.stringify(response) }, headers);
}

export async function ceremony(
  server: { base: string; site: string },
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const answer = await fetch(`${server.base}/staff/passkey`, {
    method: "POST",
    headers: { origin: server.base, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
  const cookie = answer.headers.get("set-cookie")?.split(";")[0];
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown>, cookie };
}

export const STAFF_ROUTES = readdirSync("app/routes")
  .filter((f) => /^staff[._]/.test(f) && !f.includes(".test."))
  .map((f) =>
    `/${f
      .replace(/\.(tsx?|jsx?)$/, "")
      .replace(/\._index$/, "")
      // A literal dot (`staff.sw[.]js.ts` is /staff/sw.js); every other dot is a slash.
      .split("[.]")
      .map((part) => part.replace(/\./g, "/"))
      .join(".")}`.replace(/\/\$[^/]+/g, "/x"),
  );
// Fetched by an installed staff app by itself: the service worker, the manifest, the alerts' receipts (by token),
// a renewed subscription (by the old one's secret); and the end of a preview (by the preview cookie's token).
const OPEN = [
  "/staff/sign-in",
  "/staff/invitation",
  "/staff/passkey",
  "/staff/language",
  "/staff/sw.js",
  "/staff/app.webmanifest",
  "/staff/push/receipt",
  "/staff/push/renewal",
  "/staff/site/end-preview",
];

export const spellings = (route: string) => [
  route,
  route.toUpperCase(),
  `${route}/`,
  `${route}.data`,
  `/x/..${route}`,
  route.replace("/staff", "/%73taff"),
];

/** Each fault of one staff address's answers without a valid session; plain checks (Playwright's per-`expect` cost). */
export async function doorFaults(base: string, path: string, cookie: string | undefined): Promise<string[]> {
  const faults: string[] = [];
  const fault = (ok: boolean, what: string) => void (ok || faults.push(`${path} ${cookie ?? "(no cookie)"}: ${what}`));
  const headers: Record<string, string> = cookie ? { cookie } : {};
  const get = await fetch(`${base}${path}`, { headers, redirect: "manual" });
  const body = await get.text();
  const open = OPEN.includes(routerPath(path));
  if (!open) {
    fault([303, 401, 403].includes(get.status), `GET answered ${get.status}`);
    const location = get.headers.get("location") ?? "";
    if (get.status === 303) fault(/^\/staff\/sign-in/.test(location), `GET sent to ${location}`);
  }
  fault(get.headers.get("cache-control") === "no-store", `GET Cache-Control ${get.headers.get("cache-control")}`);
  fault(!/@example\.com/.test(body), "GET shows an address");
  const post = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { ...headers, origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: "intent=remove&email=owner%40example.com&scope=everywhere&passkey=x",
    redirect: "manual",
  });
  fault(open ? post.status < 500 : [401, 403].includes(post.status), `POST answered ${post.status}`);
  fault(!/@example\.com/.test(await post.text()), "POST shows an address");
  return faults;
}

/** An owner's page on `server`: the first call makes the owner (a passkey), later ones reuse its session's cookie. */
export function ownerPages(server: { database: string; site: string }, prefix: string) {
  let cookie = "";
  return async (browser: Browser, options: { javaScriptEnabled?: boolean; acceptDownloads?: boolean } = {}) => {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    if (!cookie) {
      await addAuthenticator(page);
      const made = staffCommand(server, {}, "invite", `${prefix}${Date.now()}@example.com`, "--owner");
      await acceptInvitation(page, linkIn(made.stdout));
      cookie = await sessionCookie(context);
    } else {
      const [name, value] = cookie.split("=") as [string, string];
      await context.addCookies([{ name, value, url: server.site }]);
    }
    return page;
  };
}
