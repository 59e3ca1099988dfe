import { createHash } from "node:crypto";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from "node:zlib";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createPageCache, inlineScriptHashes } from "./page-cache";
import { stampedCopies } from "./page-copies";

// A stand-in renderer (Remix's part is covered end to end), over a real HTTP server.
const page = (key: string, extra = "") =>
  `<!DOCTYPE html><html><head><style>h1{color:gold}</style></head><body><h1>${key}</h1>${extra}<script>window.x=1</script><script type="module">import "/a.js"</script><script type="application/ld+json">{"a":1}</script></body></html>`;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(
  render: (key: string) => Promise<Response>,
  limits: { maxEntries?: number; maxBytes?: number; stamp?: (html: string, at: number) => string } = {},
  lead?: () => string[],
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
    if (cache.answer(req, res, lead?.())) return;
    cache.middleware(req as ExpressRequest, res as unknown as ExpressResponse, () => {
      res.writeHead(299, { "X-Passed-On": "yes" }).end("rendered for this visitor");
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const get = (path: string, headers: Record<string, string> = {}, method = "GET") => raw(base + path, headers, method);
  return { cache, rendered, get };
}

type Raw = {
  status: number;
  headers: { get(name: string): string | null };
  rawHeaders: string[];
  body: Buffer;
  text(): string;
};

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
          rawHeaders: res.rawHeaders,
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
  it("a page with the form's placeholder is rendered once, stamped with the second it is served in, each second's copy compressed once, at once (weak ETag, 304 kept)", async () => {
    const stamps: number[] = [];
    const stamp = (text: string, at: number) =>
      text.replaceAll('value="unstamped"', () => (stamps.push(at), `value="t${at}"`));
    const form = '<form><input type="hidden" name="form_time" value="unstamped"/></form>';
    const { rendered, get } = await serve(async (key) => html(key === "/contact" ? `${key}${form}` : key), { stamp });
    const before = Date.now();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get("/contact", { "accept-encoding": ["br", "gzip", "identity"][i % 3]! })),
    );
    const after = Date.now();
    expect(rendered).toEqual(["/contact"]);
    const texts = answers.map((a, i) =>
      i % 3 === 0 ? brotliDecompressSync(a.body).toString() : i % 3 === 1 ? gunzipSync(a.body).toString() : a.text(),
    );
    const times = texts.map((text) => Number(/name="form_time" value="t(\d+)"/.exec(text)?.[1]));
    for (const t of times) {
      expect(t % 1000).toBe(0);
      expect(t).toBeLessThanOrEqual(after);
      expect(t).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    }
    // One copy per encoding per second, however slowly a busy machine answers the 30.
    const seconds = Math.floor(after / 1000) - Math.floor(before / 1000) + 1;
    // +1: the cache's one look, when it renders the page, at whether it has a form to stamp.
    expect(stamps.length).toBeLessThanOrEqual(3 * seconds + 1);
    expect(stamps.length).toBeLessThan(30);
    const first = answers[0]!;
    expect(
      first.body.equals(
        brotliCompressSync(Buffer.from(texts[0]!), {
          params: { [zlib.BROTLI_PARAM_QUALITY]: 6, [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(texts[0]!) },
        }),
      ),
    ).toBe(true);
    expect(answers[1]!.body.length).toBe(gzipSync(Buffer.from(texts[1]!), { level: 9 }).length);
    expect(answers[2]!.headers.get("content-length")).toBe(String(answers[2]!.body.length));
    expect(first.headers.get("etag")).toMatch(/^W\/"/);
    expect(new Set(answers.map((a) => a.headers.get("etag"))).size).toBe(1);
    expect((await get("/contact", { "if-none-match": first.headers.get("etag")! })).status).toBe(304);
    // The next second's first answer carries that second, at once.
    await new Promise((r) => setTimeout(r, 1_020 - (Date.now() % 1000)));
    const later = Number(/value="t(\d+)"/.exec((await get("/contact", { "accept-encoding": "identity" })).text())?.[1]);
    expect(later).toBeGreaterThan(Math.max(...times));
    const home = await get("/", { "accept-encoding": "identity" });
    expect(home.text()).toBe(page("/"));
    expect(home.headers.get("etag")).toMatch(/^"/);
  });

  it("a second's copy is made by its first answer, at once, with its start; shared within the second; after a quiet spell, never an old one", () => {
    let clock = 1_700_000_000_400;
    const made: number[] = [];
    const answerIn = stampedCopies(
      (at) => (made.push(at), `<p>${at}</p>`),
      (body) => ({ headers: [], body }),
      () => clock,
    );
    const first = answerIn("identity");
    expect(first.body.toString()).toBe("<p>1700000000000</p>");
    clock += 500;
    expect(answerIn("identity")).toBe(first);
    expect(brotliDecompressSync(answerIn("br").body).toString()).toBe("<p>1700000000000</p>");
    clock += 200;
    expect(answerIn("identity").body.toString()).toBe("<p>1700000001000</p>");
    clock += 60_000;
    expect(gunzipSync(answerIn("gzip").body).toString()).toBe("<p>1700000061000</p>");
    expect(made).toEqual([1_700_000_000_000, 1_700_000_000_000, 1_700_000_001_000, 1_700_000_061_000]);
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
    expect(csp).toContain(`style-src 'self' ${hash("h1{color:gold}")};`);
  });

  it("writes the answer's own headers first, then the page's prepared ones in their order, on 200, 304 and HEAD", async () => {
    let n = 0;
    const { get } = await serve(
      async (key) => html(key),
      {},
      () => ["X-Request-Id", `id-${++n}`],
    );
    const plain = await serve(async (key) => html(key));
    const pairs = (r: Raw) =>
      r.rawHeaders
        .flatMap((v, i, all) => (i % 2 ? [] : [`${v}: ${all[i + 1]}`]))
        .filter((h) => !/^(date|connection|keep-alive):/i.test(h));
    await get("/");
    await plain.get("/");
    const etag = (await plain.get("/")).headers.get("etag")!;
    for (const [headers, method] of [
      [{ "accept-encoding": "br" }, "GET"],
      [{ "accept-encoding": "gzip" }, "HEAD"],
      [{ "if-none-match": etag }, "GET"],
    ] as const) {
      const [mine, theirs] = [await get("/", headers, method), await plain.get("/", headers, method)];
      expect(mine.status).toBe(theirs.status);
      expect(pairs(mine)[0]).toMatch(/^X-Request-Id: id-\d+$/);
      expect(pairs(mine).slice(1)).toEqual(pairs(theirs));
      expect(mine.body).toEqual(theirs.body);
    }
  });

  it("chooses each Accept-Encoding's variant as Negotiator does, the first time and every time after, however many values come", async () => {
    const { get } = await serve(async (key) => html(key));
    const expected: [string | undefined, string | null][] = [
      ["gzip, deflate, br, zstd", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["gzip;q=0.5, br;q=0.1", "br"],
      ["*", "br"],
      ["*;q=0, gzip", "gzip"],
      ["identity", null],
      ["", null],
      ["br;q=0, gzip;q=0", null],
      [undefined, null],
    ];
    const check = async () => {
      for (const [value, encoding] of expected) {
        const answer = await get("/", value === undefined ? {} : { "accept-encoding": value });
        expect(answer.headers.get("content-encoding"), String(value)).toBe(encoding);
      }
    };
    await check();
    await check();
    for (let i = 0; i < 300; i++) await get("/", { "accept-encoding": `gzip;q=0.${i % 10}, x-${i}` });
    await check();
  });

  it("keys a URL once: the same pages and pass-ons after more distinct URLs than it remembers", async () => {
    const { cache, rendered, get } = await serve(async (key) => html(key));
    for (let i = 0; i < 300; i++) expect((await get(`/?utm_source=s${i}`)).status).toBe(200);
    expect((await get("/?city=hvar&utm_medium=x")).status).toBe(200);
    expect((await get("/no-such-page")).headers.get("x-passed-on")).toBe("yes");
    expect((await get("/?utm_source=s1")).status).toBe(200);
    expect(rendered).toEqual(["/", "/?city=hvar"]);
    expect(cache.stats().entries).toBe(2);
  });
});
