import { type Agent, request as httpRequest } from "node:http";
import { connect } from "node:net";
import { ACTION_PAGES, PAGES } from "../../../app/content/pages";

export const ABUSE_PORT = 3170;
const port = ABUSE_PORT;
const HOST = `127.0.0.1:${port}`;
const enc = (s: string) => Buffer.from(s, "utf8");
const FORM = "application/x-www-form-urlencoded";

type RawRequest = {
  method?: string;
  target?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  chunks?: () => Iterable<Buffer>;
};
export type RawAnswer = { status: number; body: string };

export function send({ method = "POST", target = "/contact", headers = {}, body, chunks }: RawRequest) {
  return new Promise<RawAnswer>((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let data = Buffer.alloc(0);
    const done = (status: number) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status, body: data.toString("latin1") });
    };
    // Longer than the server's request timeout (15 s), which answers a body that never comes.
    const timer = setTimeout(() => done(0), 20_000);
    socket.on("data", (d) => {
      data = Buffer.concat([data, d]);
      if (data.length > 2_000_000) done(statusOf(data));
    });
    socket.on("end", () => done(statusOf(data)));
    socket.on("error", () => done(statusOf(data)));
    socket.on("connect", async () => {
      const lines = [`${method} ${target} HTTP/1.1`, `Host: ${HOST}`, "Connection: close"];
      for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
      const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : enc(body);
      if (payload && !("Content-Length" in headers) && !chunks) lines.push(`Content-Length: ${payload.length}`);
      if (chunks) lines.push("Transfer-Encoding: chunked");
      socket.write(lines.join("\r\n") + "\r\n\r\n");
      if (payload) socket.write(payload);
      if (chunks) {
        for (const chunk of chunks()) {
          if (socket.destroyed) break;
          const ok = socket.write(`${chunk.length.toString(16)}\r\n`) && socket.write(chunk) && socket.write("\r\n");
          if (!ok) await new Promise((r) => socket.once("drain", r).once("close", r));
        }
        if (!socket.destroyed) socket.write("0\r\n\r\n");
      }
    });
  });
}
function statusOf(buffer: Buffer) {
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(buffer.toString("latin1", 0, 20));
  return m ? Number(m[1]) : 0;
}

const valid = {
  name: "Abuse Test",
  email: "abuse@example.com",
  number: "+385 91 234 5678",
  category: "other",
  message: "hello",
  website: "",
};
const urlencoded = (fields: Record<string, string | Buffer | undefined>) =>
  Object.entries(fields)
    .map(
      ([k, v]) =>
        `${encodeURIComponent(k)}=${Buffer.isBuffer(v) ? [...v].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("") : encodeURIComponent(String(v))}`,
    )
    .join("&");
const multipart = (fields: Record<string, string>, boundary = "XyZ") =>
  Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join("") + `--${boundary}--\r\n`;

// Each case carries an invalid field or is refused earlier; "secret" marks a response that must not leak a file.
type Case = { name: string; req: RawRequest; secret?: boolean };
export const cases: Case[] = [];
const add = (name: string, req: RawRequest, extra: Partial<Case> = {}) => cases.push({ name, req, ...extra });

add("no body", { headers: { "Content-Type": FORM, "Content-Length": "0" } });
add("no body, no content type", {});
for (const type of [
  "application/json",
  "text/plain",
  "application/xml",
  "text/html",
  "image/png",
  "multipart/mixed; boundary=x",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/x-www-form-urlencoded; charset=utf-16",
  "garbage/☃",
]) {
  add(`content type ${type}`, {
    headers: { "Content-Type": type },
    body: JSON.stringify({ ...valid, category: "nope" }),
  });
}
const mp = multipart({ ...valid, category: "nope" });
add("truncated multipart", { headers: { "Content-Type": "multipart/form-data; boundary=XyZ" }, body: mp.slice(0, 60) });
add("multipart, closing boundary missing", {
  headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
  body: mp.replace("--XyZ--\r\n", ""),
});
add("multipart, wrong boundary", { headers: { "Content-Type": "multipart/form-data; boundary=Other" }, body: mp });
add("multipart, no CRLF", {
  headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
  body: mp.replace(/\r\n/g, "\n"),
});
add("multipart, no Content-Disposition", {
  headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
  body: "--XyZ\r\n\r\nvalue\r\n--XyZ--\r\n",
});
add("multipart, 10,000 parts", {
  headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
  body:
    Array.from({ length: 10_000 }, (_, i) => `--XyZ\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join(
      "",
    ) + "--XyZ--\r\n",
});
add("multipart, file in every field", {
  headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
  body:
    Object.keys(valid)
      .map(
        (k) =>
          `--XyZ\r\nContent-Disposition: form-data; name="${k}"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\nx\r\n`,
      )
      .join("") + "--XyZ--\r\n",
});
add("content-length larger than the body", {
  headers: { "Content-Type": FORM, "Content-Length": "5000" },
  body: "name=a",
});
add("10 MB declared body", {
  headers: { "Content-Type": FORM, "Content-Length": String(10 * 1024 * 1024) },
  body: "name=",
});
add("10 MB streamed body (chunked, no length)", {
  headers: { "Content-Type": FORM },
  chunks: function* () {
    for (let i = 0; i < 160; i++) yield Buffer.alloc(64 * 1024, "a");
  },
});
add("10 MB multipart body", {
  headers: { "Content-Type": "multipart/form-data; boundary=XyZ" },
  body: `--XyZ\r\nContent-Disposition: form-data; name="message"\r\n\r\n${"m".repeat(10 * 1024 * 1024)}\r\n--XyZ--\r\n`,
});
add("10,000 urlencoded fields", {
  headers: { "Content-Type": FORM },
  body: Array.from({ length: 10_000 }, (_, i) => `f${i}=`).join("&"),
});
add("10,000 copies of one field", {
  headers: { "Content-Type": FORM },
  body: "category=&".repeat(10_000) + urlencoded({ ...valid, category: "nope" }),
});
add("duplicated fields, invalid first", {
  headers: { "Content-Type": FORM },
  body: `category=nope&${urlencoded(valid)}`,
});
add("duplicated e-mail, invalid first", {
  headers: { "Content-Type": FORM },
  body: `email=not-an-email&${urlencoded(valid)}`,
});

const fields = ["name", "email", "number", "message"];
const nasty: Record<string, string | Buffer> = {
  "invalid UTF-8": Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xa0, 0xa1]),
  "NUL and control characters": "a\u0000b\u0001c\u001b[31m\u007f",
  "CRLF header injection": "x\r\nBcc: victim@example.com\r\nSubject: spam",
  "encoded header injection": "x%0d%0aBcc:%20victim@example.com",
  "script tag": "<script>alert(1)</script>",
  overlong: "z".repeat(6000),
  "only whitespace": " \t \u00a0 ",
  "right-to-left override": "\u202eevil\u202c",
};
for (const field of fields) {
  for (const [label, value] of Object.entries(nasty)) {
    add(`${label} in ${field}`, {
      headers: { "Content-Type": FORM },
      body: urlencoded({ ...valid, category: "nope", [field]: value }),
    });
  }
}
// (" other " and "other\u0000" are not here: trimmed and cleaned they are the valid "other".)
for (const category of [
  "",
  "OTHER",
  "0ther",
  "Other",
  "VIP nightclub experience",
  "<script>",
  "x".repeat(10_000),
  "other;DROP TABLE",
  "ⅰother",
  "null",
  "undefined",
  "[object Object]",
]) {
  add(`unknown category ${JSON.stringify(category.slice(0, 20))}`, {
    headers: { "Content-Type": FORM },
    body: urlencoded({ ...valid, category }),
  });
}
add("honeypot filled", {
  headers: { "Content-Type": FORM },
  body: urlencoded({ ...valid, website: "http://spam.example" }),
});
add("honeypot missing", {
  headers: { "Content-Type": FORM },
  body: urlencoded({ ...valid, website: undefined }).replace(/&website=undefined/, ""),
});
add("cross-site origin", {
  headers: { "Content-Type": FORM, Origin: "https://evil.example" },
  body: urlencoded(valid),
});
add("origin null", { headers: { "Content-Type": FORM, Origin: "null" }, body: urlencoded(valid) });
add("single-fetch action endpoint with junk", {
  target: "/contact.data",
  headers: { "Content-Type": FORM },
  body: "%%%",
});
add("single-fetch action endpoint with cross-site origin", {
  target: "/contact.data",
  headers: { "Content-Type": FORM, Origin: "https://evil.example" },
  body: urlencoded(valid),
});
for (const method of ["PUT", "PATCH", "DELETE", "PROPFIND", "TRACE", "OPTIONS"]) {
  add(`${method} /contact`, {
    method,
    headers: { "Content-Type": FORM },
    body: urlencoded({ ...valid, category: "nope" }),
  });
}
for (const { path: target } of PAGES.filter((p) => !ACTION_PAGES.includes(p.id))) {
  add(`POST ${target}`, { target, headers: { "Content-Type": FORM }, body: urlencoded(valid) });
}

add("very long URL (100 KB)", { method: "GET", target: "/" + "a".repeat(100_000) });
add("very long query (30 KB)", { method: "GET", target: "/?city=" + "b".repeat(30_000) });
add("very long header (40 KB)", { method: "GET", target: "/", headers: { "X-Long": "c".repeat(40_000) } });
add("many headers (500)", {
  method: "GET",
  target: "/",
  headers: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`X-H${i}`, "v"])),
});
add("huge cookie", { method: "GET", target: "/contact", headers: { Cookie: `toast=${"d".repeat(12_000)}` } });
add("forged toast cookie", {
  method: "GET",
  target: "/contact",
  headers: { Cookie: "toast=eyJfX2ZsYXNoX3RvYXN0X18iOnsibWVzc2FnZSI6IkhpIiwidHlwZSI6InN1Y2Nlc3MifX0=.forged" },
});
for (const target of [
  "/../../etc/passwd",
  "/%2e%2e/%2e%2e/etc/passwd",
  "/..%2f..%2f..%2fetc%2fpasswd",
  "/assets/..%2f..%2fstart.js",
  "/assets/../../package.json",
  "/images/..%2f..%2f..%2fpackage.json",
  "/%2e%2e%5c%2e%2e%5cpackage.json",
  "/build/server/index.js",
  "/start.js",
  "/mocks/index.js",
  "/.env",
  "/package.json",
  "/node_modules/react/package.json",
  "/images/gallery/../../../../etc/passwd",
  "/assets/%00.js",
  "/favicon.svg%00.html",
]) {
  add(`traversal ${target}`, { method: "GET", target }, { secret: true });
}
for (const target of [
  "/%E0%A4%A",
  "/%",
  "/?city=%ff%fe",
  "/?city=%00",
  "/?city[]=x&city[]=y",
  "/?gallery=<script>",
  "/contact?__proto__[x]=1",
  "//evil.example/",
  "/\\evil.example",
  "/%0d%0aSet-Cookie:%20x=1",
  "/*",
  "/?" + "&".repeat(5000),
]) {
  add(`odd target ${target.slice(0, 40)}`, { method: "GET", target });
}
add("bad Host header", { method: "GET", target: "/", headers: { Host: "evil.example\r\nX: y" } });
add("absolute-form target", { method: "GET", target: "http://evil.example/" });
add("HEAD /", { method: "HEAD", target: "/" });
add("unknown Accept-Encoding", {
  method: "GET",
  target: "/",
  headers: { "Accept-Encoding": "zstd, x-gzip;q=2, *;q=-1" },
});
add("garbage request line", { method: "G E T", target: "/" });

/** After an early rejection the next request goes on the same connection if it is kept open: a reset there is a
 * lost request (a browser does not retry a POST). */
type KeepAliveCase = { name: string; method?: string; target?: string; headers: Record<string, string>; body: string };
export const keepAliveCases: KeepAliveCase[] = [
  {
    name: "20,000 form fields (413)",
    headers: { "Content-Type": FORM },
    body: Array.from({ length: 20_000 }, (_, i) => `f${i}=x`).join("&"),
  },
  { name: "1 MB message (413)", headers: { "Content-Type": FORM }, body: `message=${"x".repeat(1024 * 1024)}` },
  { name: "JSON body (415)", headers: { "Content-Type": "application/json" }, body: JSON.stringify(valid) },
  {
    name: "cross-site POST (403)",
    headers: { "Content-Type": FORM, Origin: "https://evil.example" },
    body: urlencoded(valid),
  },
  { name: "PUT with a body (405)", method: "PUT", headers: { "Content-Type": FORM }, body: urlencoded(valid) },
  {
    name: "POST to a page without an action (405)",
    target: "/",
    headers: { "Content-Type": FORM },
    body: urlencoded(valid),
  },
];

export function viaAgent(
  agent: Agent,
  req: { method?: string; target?: string; headers?: Record<string, string>; body?: string },
) {
  return new Promise<{ status: number; error?: string }>((resolve) => {
    const r = httpRequest(
      {
        host: "127.0.0.1",
        port,
        agent,
        method: req.method ?? "POST",
        path: req.target ?? "/contact",
        headers: req.headers,
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0 }));
        res.on("error", (e) => resolve({ status: res.statusCode ?? 0, error: e.message }));
      },
    );
    r.setTimeout(10_000, () => r.destroy(new Error("timeout")));
    r.on("error", (e) => resolve({ status: 0, error: (e as NodeJS.ErrnoException).code ?? e.message }));
    r.end(req.body);
  });
}

export const hostileQueries = [
  "/?city=" + "c".repeat(10 * 1024),
  "/?" + Array.from({ length: 5_000 }, (_, i) => `x=${i}`).join("&"),
  "/?city=split&city=hvar&city=" + "d".repeat(100),
  "/?gallery=none&gallery=all&utm_source=story&fbclid=" + "e".repeat(200),
  "/?city=%E2%80%AE%00hvar",
  "/hr?city=" + "x".repeat(10_000),
  "/hr?lang=en&utm_source=story&city=HVAR",
  "/hr/?city=hvar",
  "/HR/contact",
  "/hr/contact?city=hvar",
  "/?city=HVAR",
  "/contact?toast=1&city=hvar",
  "/vip-nightclub-experience?page=2&gallery=all",
  ...Array.from({ length: 200 }, (_, i) => `/?utm_campaign=${i}&ref=${i * 7}`),
];
