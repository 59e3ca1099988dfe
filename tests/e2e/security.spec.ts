import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";
import { E2E_EMAILJS, OUTBOX_BASE_URL } from "./e2e-env";
import { storedWith, sentWith, unique, valid } from "./enquiry-helpers";
import { HTTP, PAGES_WITH_HEADINGS, ready } from "./helpers";

test.describe("security headers", () => {
  for (const { path } of PAGES_WITH_HEADINGS) {
    test(`${path} is served with a strict policy and hardening headers`, { tag: HTTP }, async ({ request }) => {
      const response = await request.get(path);
      const h = response.headers();
      const csp = h["content-security-policy"]!;
      const directives: Record<string, string[]> = Object.fromEntries(
        csp
          .split(";")
          .map((d) => d.trim().split(/\s+/))
          .map(([k, ...v]) => [k, v]),
      );
      expect(directives["script-src"]).toContain("'self'");
      expect(directives["script-src"]).not.toContain("'unsafe-inline'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(directives["frame-ancestors"]).toEqual(["'none'"]);
      expect(directives["object-src"]).toEqual(["'none'"]);
      expect(directives["base-uri"]).toEqual(["'self'"]);
      expect(directives["form-action"]).toEqual(["'self'"]);
      expect(h["strict-transport-security"]).toMatch(/max-age=\d{7,}/);
      expect(h["x-content-type-options"]).toBe("nosniff");
      expect(h["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(h["permissions-policy"]).toMatch(/camera=\(\)/);
      expect(h["x-powered-by"]).toBeUndefined();
      // No opener policy: it opens every arrival in a cold renderer process, which a phone pays for (decision 0024).
      expect(h["cross-origin-opener-policy"]).toBeUndefined();
      // The same page for every visitor (and cacheable by a CDN): no nonce, each inline script allowed by its hash
      // (JSON-LD is data, never executed).
      expect(csp).not.toContain("'nonce-");
      const html = await response.text();
      expect(html).not.toMatch(/nonce="[^"]+"/);
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)]
        .filter((m) => !m[1]!.includes('type="application/ld+json"'))
        .map((m) => `'sha256-${createHash("sha256").update(m[2]!).digest("base64")}'`);
      expect(new Set(directives["script-src"]!.filter((v) => v.startsWith("'sha256-")))).toEqual(new Set(inline));
      // The one stylesheet is inlined (one request fewer before the first paint), by hash.
      const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map(
        (m) => `'sha256-${createHash("sha256").update(m[1]!).digest("base64")}'`,
      );
      expect(styles).toHaveLength(1);
      expect(directives["style-src"]).toEqual(["'self'", ...styles]);
      expect(html).not.toContain('rel="stylesheet"');
    });
  }

  test(
    "the staff area, whatever it answers, is in a browsing context group of its own",
    { tag: HTTP },
    async ({ request }) => {
      for (const [path, status] of [
        ["/staff/sign-in", 200],
        ["/staff/inbox", 303],
      ] as const) {
        const response = await request.get(path, { maxRedirects: 0 });
        expect(response.status(), path).toBe(status);
        expect(response.headers()["cross-origin-opener-policy"], path).toBe("same-origin");
      }
      const forged = await request.get("/staff/inbox", { headers: { cookie: "staff=forged" }, maxRedirects: 0 });
      expect(forged.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    },
  );

  test(
    "the same page gets the same bytes and policy; a personal page gets a nonce of its own",
    { tag: HTTP },
    async ({ request }) => {
      const first = await request.get("/");
      const second = await request.get("/");
      expect(second.headers()["content-security-policy"]).toBe(first.headers()["content-security-policy"]);
      expect(second.headers().etag).toBe(first.headers().etag);
      const accepted = await request.post("/contact", {
        form: { ...valid(unique("Nonce check")), website: "" },
        maxRedirects: 0,
      });
      expect(accepted.status()).toBe(302);
      const withToast = await request.get("/contact");
      const nonce = /'nonce-([^']+)'/.exec(withToast.headers()["content-security-policy"]!)?.[1];
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
      expect(await withToast.text()).toContain(`nonce="${nonce}"`);
    },
  );

  test("no page shows a CSP violation, with the site in use", async ({ page }, info) => {
    const violations: string[] = [];
    page.on("console", (msg) => {
      if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
    });
    for (const { path } of PAGES_WITH_HEADINGS) {
      await page.goto(path);
      await ready(page, info);
    }
    await page.goto("/");
    await ready(page, info);
    await page.getByRole("navigation", { name: "Cities" }).getByRole("link", { name: "Hvar" }).click();
    await page.getByRole("region", { name: "See How It Looks" }).getByText("Load more").click();
    await page.goto("/contact");
    await ready(page, info);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.locator("[data-toast]")).toBeVisible();
    expect(violations).toEqual([]);
  });
});

test.describe("requests the site refuses", { tag: HTTP }, () => {
  test("a cross-site POST to /contact is refused with 403 and sends nothing", async ({ request }) => {
    const message = unique("Cross-site attempt");
    const response = await request.post("/contact", {
      form: { ...valid(message), website: "" },
      headers: { origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(sentWith(message)).toHaveLength(0);
    for (const origin of ["null", "not a url", "http://127.0.0.1.evil.example"]) {
      const r = await request.post("/contact", {
        form: { ...valid(message), website: "" },
        headers: { origin },
        maxRedirects: 0,
      });
      expect(r.status(), origin).toBe(403);
    }
    expect(sentWith(message)).toHaveLength(0);
    expect(await storedWith(message)).toHaveLength(0);
  });

  test("a same-site POST with its Origin header is accepted", async ({ request, baseURL }) => {
    const message = unique("Same-site with Origin");
    const response = await request.post("/contact", {
      form: { ...valid(message), website: "" },
      headers: { origin: baseURL! },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(await storedWith(message)).toHaveLength(1);
  });

  for (const [method, path] of [
    ["PUT", "/"],
    ["DELETE", "/contact"],
    ["PATCH", "/vip-nightclub-experience"],
    ["POST", "/"],
    ["POST", "/event-organization"],
  ] as const) {
    test(`${method} ${path} answers 405, not 500`, async ({ request }) => {
      const response = await request.fetch(path, { method, maxRedirects: 0 });
      expect(response.status()).toBe(405);
      const body = await response.text();
      expect(body).not.toMatch(/at .+\.js:\d+/);
    });
  }
});

test.describe("caching", { tag: HTTP }, () => {
  test("anonymous pages are shared-cacheable and set no cookie", async ({ request }) => {
    for (const { path } of PAGES_WITH_HEADINGS) {
      const h = (await request.get(path)).headers();
      expect(h["cache-control"], path).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
      expect(h["set-cookie"], path).toBeUndefined();
    }
    expect((await request.get("/no-such-page")).headers()["cache-control"]).toBe("public, max-age=0, s-maxage=60");
  });

  test("a POST result and a page showing a toast are private", async ({ request }) => {
    const invalid = await request.post("/contact", { form: { name: "", website: "" } });
    expect(invalid.status()).toBe(400);
    expect(invalid.headers()["cache-control"]).toBe("private, no-store");

    const accepted = await request.post("/contact", {
      form: { ...valid(unique("Private toast")), website: "" },
      maxRedirects: 0,
    });
    expect(accepted.status()).toBe(302);
    expect(accepted.headers()["cache-control"]).toBe("private, no-store");
    expect(accepted.headers()["set-cookie"]).toMatch(/^toast=/);
    const withToast = await request.get("/contact");
    expect(await withToast.text()).toContain("Form successfully submitted!");
    expect(withToast.headers()["cache-control"]).toBe("private, no-store");
    expect(withToast.headers()["set-cookie"]).toMatch(/^toast=/);
    const after = await request.get("/contact");
    expect(await after.text()).not.toContain("Form successfully submitted!");
    expect(after.headers()["cache-control"]).toBe("public, max-age=0, s-maxage=300, stale-while-revalidate=86400");
  });

  test("health reports the active transport and nothing secret", async ({ request }) => {
    // The main server's queue holds enquiries other tests made fail on purpose: degraded.
    const main = (await (await request.get("/healthz")).json()) as Record<string, unknown>;
    expect(main).toMatchObject({ transport: "emailjs", pending: expect.any(Number), failed: expect.any(Number) });
    expect(["ok", "degraded"]).toContain(main.status);
    const outboxOnly = await (await request.get(`${OUTBOX_BASE_URL}/healthz`)).json();
    expect(outboxOnly).toEqual({
      status: "ok",
      transport: "outbox",
      accepting: true,
      pending: expect.any(Number),
      failed: 0,
      quarantined: 0,
      oldestPendingSeconds: expect.any(Number),
      // No channel configured: the enquiries wait on e-mail's; phone alerts are on with nothing to configure (decision 0039).
      channels: {
        email: { pending: expect.any(Number), failed: 0 },
        booking: { pending: 0, failed: 0, state: "up" },
        reply: { pending: 0, failed: 0, state: "up" },
      },
      push: { devices: 0, stale: 0, unconfirmed: 0 },
      pageCache: { entries: expect.any(Number), bytes: expect.any(Number) },
      site: { version: 0, processing: 0, mediaCache: { entries: 0, bytes: 0 } },
    });
    for (const secret of Object.values(E2E_EMAILJS)) expect(JSON.stringify(main)).not.toContain(secret);
  });
});
