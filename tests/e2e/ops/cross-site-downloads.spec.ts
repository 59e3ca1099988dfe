// A download with an effect (written to the audit log) must be started by the owner on a page of this site: from a
// same-site or cross-site page, by link, script, refresh or embed, it is refused, with no audit row and no file.
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { postEnquiry } from "./server";
import { ownerPages, rowsIn, staffServer } from "./staff-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3242;
let server: Awaited<ReturnType<typeof staffServer>>;
let attacker: Server;
let attackerPort = 0;

const EXPORT = `/staff/inbox/export?format=csv`;
const SUBJECT = `/staff/inbox/subject/download?email=ana%40example.com`;

test.beforeAll(async () => {
  server = await staffServer(PORT);
  expect(await postEnquiry(server.base, "A table for six, exported")).toBe(302);
  attacker = createServer((req, res) => {
    const target = `${server.site}${new URL(req.url ?? "/", "http://x").searchParams.get("to") ?? EXPORT}`;
    const how = new URL(req.url ?? "/", "http://x").pathname;
    const body =
      how === "/script"
        ? `<script>location.href = ${JSON.stringify(target)}</script>`
        : how === "/refresh"
          ? `<meta http-equiv="refresh" content="0; url=${target}">`
          : how === "/image"
            ? `<img src="${target}" alt=""><iframe src="${target}"></iframe>`
            : `<a id="go" href="${target}">A free bottle tonight</a>`;
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(`<!doctype html><title>x</title>${body}`);
  });
  await new Promise<void>((resolve) => attacker.listen(0, "127.0.0.1", resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
  attacker?.close();
});

const exportsAudited = (): number =>
  rowsIn<{ n: number }>(server.database, "SELECT count(*) AS n FROM staff_audit WHERE event = 'export'")[0]!.n;

const staffAnswer = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().startsWith(server.site) && r.request().isNavigationRequest() && r.frame() === page.mainFrame(),
  );

let signedIn: ReturnType<typeof ownerPages>;
const ownerPage = (browser: Browser, javaScriptEnabled: boolean): Promise<Page> =>
  (signedIn ??= ownerPages(server, "owner"))(browser, { javaScriptEnabled, acceptDownloads: true });

for (const javaScriptEnabled of [true, false]) {
  const js = `JS ${javaScriptEnabled ? "on" : "off"}`;

  test(`${js}: another port of this host and another site cannot start a download: refused, nothing audited, no file`, async ({
    browser,
  }) => {
    const page = await ownerPage(browser, javaScriptEnabled);
    const downloads: string[] = [];
    page.on("download", (d) => downloads.push(d.url()));
    const before = exportsAudited();
    // localhost on another port: same-site, not same-origin. 127.0.0.1: another site.
    for (const origin of [`http://localhost:${attackerPort}`, `http://127.0.0.1:${attackerPort}`])
      for (const to of [EXPORT, SUBJECT]) {
        const q = `?to=${encodeURIComponent(to)}`;
        await page.goto(`${origin}/link${q}`);
        const [refused] = await Promise.all([staffAnswer(page), page.locator("#go").click()]);
        expect(refused.status(), `${origin} → ${to}`).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refused");
        if (javaScriptEnabled) {
          const scripted = staffAnswer(page);
          await page.goto(`${origin}/script${q}`);
          expect((await scripted).status()).toBe(403);
          await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refused");
          await page.goto(`${origin}/image${q}`, { waitUntil: "networkidle" });
        }
        const refreshed = staffAnswer(page);
        await page.goto(`${origin}/refresh${q}`);
        expect((await refreshed).status()).toBe(403);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refused");
      }
    await page.waitForTimeout(500);
    expect(downloads).toEqual([]);
    expect(exportsAudited()).toBe(before);
    await page.context().close();
  });

  test(`${js}: the owner's own click downloads at once; so does the link on the refusal page`, async ({ browser }) => {
    const page = await ownerPage(browser, javaScriptEnabled);
    const before = exportsAudited();
    await page.goto(`${server.site}/staff/inbox`);
    const [file] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await file.path())!, "utf8");
    expect(csv).toContain("A table for six, exported");
    expect(exportsAudited()).toBe(before + 1);

    await page.goto(`http://127.0.0.1:${attackerPort}/link`);
    await page.locator("#go").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Refused");
    const [again] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Download it from here/ }).click(),
    ]);
    expect(readFileSync((await again.path())!, "utf8")).toContain("A table for six, exported");
    expect(exportsAudited()).toBe(before + 2);
    await page.context().close();
  });
}
