import { expect, test } from "@playwright/test";
import { BASE_URL } from "../e2e-env";

const CHECKED_PATHS = ["/", "/hr", "/contact", "/hr/contact"];
const STATIC = "/site.webmanifest";

// As a browser revalidates (max-age=0): fetch would add `no-cache`, which the static files answer with the full file.
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${BASE_URL}${path}`, { headers: { "accept-encoding": "br, gzip", "cache-control": "max-age=0", ...headers } });

for (const path of CHECKED_PATHS) {
  test(`${path}: every form of If-None-Match that names the page gives 304 with the 200's validators; the rest give the page`, async () => {
    const first = await get(path);
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const validator = first.headers.get("etag")!;
    // The contact page's tag is weak: each answer carries its own signed form time (decision 0030).
    expect(validator).toMatch(path.endsWith("contact") ? /^W\/"[\w-]+"$/ : /^"[\w-]+"$/);
    const etag = validator.replace(/^W\//, "");
    const notModified = {
      strong: etag,
      weak: `W/${etag}`,
      "a list with spaces": `"stale", W/"other", ${etag}`,
      "a list without spaces": `"stale",W/${etag}`,
      "*": "*",
      "junk beside it": `nonsense, ${etag}`,
    };
    for (const [form, header] of Object.entries(notModified)) {
      const res = await get(path, { "if-none-match": header });
      expect(res.status, form).toBe(304);
      expect(await res.text(), form).toBe("");
      for (const name of ["etag", "cache-control", "vary"])
        expect(res.headers.get(name), `${form}: ${name}`).toBe(first.headers.get(name));
    }
    const full = {
      "a stale tag": '"stale"',
      "a stale weak tag": 'W/"stale"',
      unquoted: etag.slice(1, -1),
      unterminated: etag.slice(0, -1),
      "lower-case w/": `w/${etag}`,
      "only commas": ",,,",
      empty: "",
      "a stale tag with a matching If-Modified-Since": '"stale"',
    };
    for (const [form, header] of Object.entries(full)) {
      const res = await get(path, {
        "if-none-match": header,
        ...(form.includes("If-Modified-Since") ? { "if-modified-since": new Date().toUTCString() } : {}),
      });
      expect(res.status, form).toBe(200);
      expect((await res.text()).length, form).toBeGreaterThan(1000);
    }
    const both = await get(path, { "if-none-match": etag, "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT" });
    expect(both.status).toBe(304);
  });
}

test("the static files agree on the weak, listed and * forms", async () => {
  const first = await get(STATIC);
  expect(first.status).toBe(200);
  // express.static's tags are weak already: the strong form is its opaque tag, quoted.
  const tag = first.headers.get("etag")!.replace(/^W\//, "");
  for (const header of [tag, `W/${tag}`, `"stale", ${tag}`, "*"])
    expect((await get(STATIC, { "if-none-match": header })).status, header).toBe(304);
  expect((await get(STATIC, { "if-none-match": '"stale"' })).status).toBe(200);
});

test("a header far longer than any cache sends is ignored: the page, not an error", async () => {
  const etag = (await get("/")).headers.get("etag")!;
  const res = await get("/", { "if-none-match": `${'"x", '.repeat(2000)}${etag}` });
  expect(res.status).toBe(200);
});
