import { createHash } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, inlineScriptHashes } from "./page-cache";

// The cache in front of a stand-in renderer (what Remix does for it is covered end to end):
// a real HTTP server, requests over the loopback.
const page = (key: string, extra = "") =>
  `<!DOCTYPE html><html><head><style>h1{color:gold}</style></head><body><h1>${key}</h1>${extra}<script>window.x=1</script><script type="module">import "/a.js"</script><script type="application/ld+json">{"a":1}</script></body></html>`;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(
  render: (key: string) => Promise<Response>,
  limits: { maxEntries?: number; maxBytes?: number; stamp?: (html: string) => string } = {},
) {
  const rendered: string[] = [];
  const cache = createPageCache({
    render: (key) => {
      rendered.push(key);
      return render(key);
    },
    headers: [["X-Content-Type-Options", "nosniff"]],
    answered: () => {},
    ...limits,
  });
  server = createServer((req, res) => {
    if (cache.answer(req, res)) return;
    cache.middleware(req as ExpressRequest, res as unknown as ExpressResponse, () => {
      res.writeHead(299, { "X-Passed-On": "yes" }).end("rendered for this visitor");
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => raw(base + path, headers, method);
  return { cache, rendered, get };
}

type Raw = { status: number; headers: { get(name: string): string | null }; body: Buffer; text(): string };

/** A request as a browser sends it, and the answer's bytes as they came (not decompressed). */
function raw(url: string, headers: Record<string, string>, method: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          headers: { get: (name) => (res.headers[name.toLowerCase()] as string | undefined) ?? null },
          body,
          text: () => body.toString("utf8"),
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const html = (key: string) => new Response(page(key), { status: 200, headers: { "Content-Type": "text/html" } });

describe("page cache", () => {
  it("a page with the form's placeholder is rendered once and stamped afresh in every answer (weak ETag, 304 kept)", async () => {
    let n = 0;
    const stamp = (text: string) => text.replaceAll('value="unstamped"', () => `value="t${++n}"`);
    const form = '<form><input type="hidden" name="form_time" value="unstamped"/></form>';
    const { rendered, get } = await serve(async (key) => html(key === "/contact" ? `${key}${form}` : key), { stamp });
    const first = await get("/contact", { "accept-encoding": "br" });
    const second = await get("/contact", { "accept-encoding": "gzip" });
    const third = await get("/contact", { "accept-encoding": "identity" });
    expect(rendered).toEqual(["/contact"]);
    const stamps = [brotliDecompressSync(first.body).toString(), gunzipSync(second.body).toString(), third.text()].map(
      (text) => /name="form_time" value="([^"]*)"/.exec(text)?.[1],
    );
    expect(stamps.every((t) => t && t !== "unstamped")).toBe(true);
    expect(new Set(stamps).size).toBe(3);
    expect(third.headers.get("content-length")).toBe(String(third.body.length));
    expect(first.headers.get("etag")).toMatch(/^W\/"/);
    expect(first.headers.get("etag")).toBe(third.headers.get("etag"));
    expect((await get("/contact", { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    // A page without the form is served as it was rendered: a strong ETag, no stamping.
    const home = await get("/", { "accept-encoding": "identity" });
    expect(home.text()).toBe(page("/"));
    expect(home.headers.get("etag")).toMatch(/^"/);
  });

  it("renders a page once and answers later requests from memory, precompressed", async () => {
    const { rendered, get } = await serve(async (key) => html(key));
    const first = await get("/contact", { "accept-encoding": "gzip, deflate, br, zstd" });
    const second = await get("/contact", { "accept-encoding": "gzip" });
    const third = await get("/contact", { "accept-encoding": "identity" });
    expect(rendered).toEqual(["/contact"]);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(brotliDecompressSync(first.body).toString()).toBe(page("/contact"));
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(second.body).toString()).toBe(page("/contact"));
    expect(third.headers.get("content-encoding")).toBeNull();
    expect(third.text()).toBe(page("/contact"));
    expect(first.headers.get("vary")).toBe("Accept-Encoding");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("answers a conditional request with 304 and a strong ETag, as server/conditional.ts decides", async () => {
    const { get } = await serve(async (key) => html(key));
    const first = await get("/");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    for (const validator of [etag, `W/${etag}`, `"x", ${etag}`, "*"]) {
      const again = await get("/", { "if-none-match": validator });
      expect(again.status, validator).toBe(304);
      expect(again.text()).toBe("");
      for (const header of ["etag", "cache-control", "vary"])
        expect(again.headers.get(header), header).toBe(first.headers.get(header));
    }
    expect((await get("/", { "if-none-match": '"other"' })).status).toBe(200);
    // If-None-Match decides, If-Modified-Since is then ignored (RFC 9110 §13.2.2).
    const past = "Thu, 01 Jan 1970 00:00:00 GMT";
    expect((await get("/", { "if-none-match": '"other"', "if-modified-since": past })).status).toBe(200);
    expect((await get("/", { "if-none-match": etag, "if-modified-since": past })).status).toBe(304);
  });

  it("keys on the canonical page: unknown parameters and values never create entries", async () => {
    const { cache, rendered, get } = await serve(async (key) => html(key));
    for (const path of [
      "/",
      "/?utm_source=story",
      "/?city=nowhere",
      "/?x=1&x=2",
      `/?city=${"a".repeat(5000)}`,
      "/?gallery=none",
    ]) {
      expect((await get(path)).status).toBe(200);
    }
    await get("/?city=hvar&utm_medium=x");
    await get("/?gallery=all&city=hvar");
    expect(rendered).toEqual(["/", "/?city=hvar", "/?city=hvar&gallery=all"]);
    expect(cache.stats().entries).toBe(3);
  });

  it("passes on what is not a page, other methods, a body, and the toast cookie", async () => {
    const { rendered, get } = await serve(async (key) => html(key));
    for (const [path, headers, method] of [
      ["/no-such-page", {}, "GET"],
      ["/contact.data", {}, "GET"],
      ["/contact", { cookie: "a=1; toast=abc" }, "GET"],
      ["/contact", {}, "POST"],
      ["/contact", { "transfer-encoding": "chunked" }, "GET"],
    ] as const) {
      const response = await get(path, headers as Record<string, string>, method);
      expect(response.headers.get("x-passed-on"), `${method} ${path}`).toBe("yes");
    }
    expect(rendered).toEqual([]);
  });

  it("never keeps an error, a redirect, or an answer that sets a cookie", async () => {
    const answers: Record<string, Response> = {
      "/": new Response("oops", { status: 500 }),
      "/contact": new Response(null, { status: 302, headers: { Location: "/" } }),
      "/event-organization": new Response(page("x"), { status: 200, headers: { "Set-Cookie": "a=1" } }),
    };
    const { cache, get } = await serve(async (key) => answers[key]!.clone());
    for (const path of Object.keys(answers)) expect((await get(path)).headers.get("x-passed-on")).toBe("yes");
    expect(cache.stats().entries).toBe(0);
  });

  it("visitors arriving together wait for one render", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { rendered, get } = await serve(async (key) => {
      await gate;
      return html(key);
    });
    const all = Promise.all(Array.from({ length: 20 }, () => get("/concierge-services")));
    await new Promise((r) => setTimeout(r, 50));
    release();
    expect((await all).map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(rendered).toEqual(["/concierge-services"]);
  });

  it("is bounded in entries and bytes, least recently used out", async () => {
    const { cache, rendered, get } = await serve(async (key) => html(key), { maxEntries: 2 });
    await get("/");
    await get("/contact");
    await get("/"); // used again: the contact page is now the least recent
    await get("/event-organization"); // a third: the contact page leaves, the home page stays
    expect(cache.stats().entries).toBe(2);
    await get("/");
    await get("/event-organization");
    expect(rendered).toEqual(["/", "/contact", "/event-organization"]);
    await get("/contact"); // rendered again: it was the one that left
    expect(rendered).toEqual(["/", "/contact", "/event-organization", "/contact"]);

    const small = await serve(async (key) => new Response(page(key, "x".repeat(50_000))), { maxBytes: 60_000 });
    await small.get("/");
    await small.get("/contact"); // over the bytes: the older page leaves
    expect(small.cache.stats().entries).toBe(1);
    expect(small.cache.stats().bytes).toBeLessThanOrEqual(60_000);
    await small.get("/contact");
    expect(small.rendered).toEqual(["/", "/contact"]);
    await small.get("/");
    expect(small.rendered).toEqual(["/", "/contact", "/"]);
  });

  it("allows the page's inline scripts and style by hash, and nothing else inline", async () => {
    const { get } = await serve(async (key) => html(key));
    const csp = (await get("/")).headers.get("content-security-policy")!;
    const hash = (s: string) => `'sha256-${createHash("sha256").update(s).digest("base64")}'`;
    expect(inlineScriptHashes(page("/"))).toEqual([hash("window.x=1"), hash('import "/a.js"')]);
    expect(csp).toContain(`script-src 'self' ${hash("window.x=1")} ${hash('import "/a.js"')}`);
    const scriptSrc = csp.split("; ").find((d) => d.startsWith("script-src "))!;
    expect(scriptSrc).not.toMatch(/nonce|unsafe/);
    // The inlined stylesheet likewise.
    expect(csp).toContain(`style-src 'self' ${hash("h1{color:gold}")};`);
  });
});
