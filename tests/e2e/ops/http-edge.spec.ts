import { connect, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { scaled } from "../time-scale";
import { enquiryBody, startServer, type OpsServer } from "./server";

// One server for the file, so its tests run in one worker, one after another.
test.describe.configure({ mode: "serial" });

const PORT = 3151;
let server: OpsServer;
test.beforeAll(async () => {
  server = await startServer(PORT, { RATE_LIMIT_MAX: "0" });
});
test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
});

function exchange(
  head: string,
  {
    bodyBytes = 0,
    port = PORT,
    waitMs = 15_000,
    end = true,
  }: { bodyBytes?: number; port?: number; waitMs?: number; end?: boolean } = {},
): Promise<{ text: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let text = "";
    let error: string | undefined;
    const done = () => resolve({ text, error });
    socket.on("data", (d) => (text += d.toString("latin1")));
    socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on("close", done);
    socket.setTimeout(waitMs, () => socket.destroy());
    socket.on("connect", async () => {
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      for (let sent = 0; sent < bodyBytes && !socket.destroyed; sent += chunk.length) {
        if (!socket.write(chunk)) await new Promise((r) => socket.once("drain", r));
      }
      if (!socket.destroyed && end) socket.end();
    });
  });
}

const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const statuses = (text: string) => [...text.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));

test.describe("early answers reach a client that is still sending", () => {
  const TEN_MB = 10 * 1024 * 1024;
  for (const [label, headers, expected] of [
    ["cross-site (403)", "Origin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\n", 403],
    ["oversized (413)", `Origin: http://127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\n`, 413],
    ["wrong type (415)", `Origin: http://127.0.0.1:${PORT}\r\nContent-Type: application/json\r\n`, 415],
  ] as const) {
    test(`${label}: the whole answer arrives, no reset, and the connection serves the next request`, async () => {
      for (const path of ["/contact", "/hr/contact"]) {
        const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\n${headers}Content-Length: ${TEN_MB}\r\n\r\n`;
        const result = await new Promise<{ text: string; error?: string }>((resolve) => {
          const socket: Socket = connect(PORT, "127.0.0.1");
          const chunks: Buffer[] = [];
          let error: string | undefined;
          socket.on("data", (d: Buffer) => chunks.push(d));
          socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
          socket.on("close", () => resolve({ text: Buffer.concat(chunks).toString("utf8"), error }));
          socket.setTimeout(20_000, () => socket.destroy());
          socket.on("connect", async () => {
            socket.write(head);
            const chunk = Buffer.alloc(64 * 1024, 0x61);
            for (let sent = 0; sent < TEN_MB; sent += chunk.length) {
              if (!socket.write(chunk.subarray(0, Math.min(chunk.length, TEN_MB - sent))))
                await new Promise((r) => socket.once("drain", r));
            }
            socket.write(`GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n\r\n`);
          });
        });
        expect(result.error, `${label} ${path}`).toBeUndefined();
        expect(statuses(result.text)).toEqual([expected, 200]);
        expect(result.text).toMatch(path.startsWith("/hr") ? /<html lang="hr"/ : /<html lang="en"/);
        if (expected === 403)
          expect(result.text).toContain(
            path.startsWith("/hr")
              ? "Ovaj obrazac može se poslati samo s naše stranice"
              : "This form can only be sent from our own site",
          );
      }
    });
  }

  test("Connection: close, and the body sent only after the answer arrived: no reset while sending, then FIN", async () => {
    for (const [path, headers, expected] of [
      ["/contact", `Origin: http://127.0.0.1:${PORT}\r\nContent-Type: multipart/form-data; boundary=XyZ\r\n`, 413],
      ["/hr/contact", "Origin: https://evil.example\r\nContent-Type: application/x-www-form-urlencoded\r\n", 403],
    ] as const) {
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nConnection: close\r\n${headers}Content-Length: ${TEN_MB}\r\n\r\n`;
      const result = await new Promise<{ text: string; error?: string; ended: boolean; sent: number }>((resolve) => {
        // Half-open allowed: the client goes on sending after the server's FIN, as curl does.
        const socket: Socket = connect({ port: PORT, host: "127.0.0.1", allowHalfOpen: true });
        let text = "";
        let sent = 0;
        let error: string | undefined;
        let ended = false;
        let sending = false;
        socket.on("data", async (d: Buffer) => {
          text += d.toString("latin1");
          if (sending) return;
          sending = true;
          const chunk = Buffer.alloc(64 * 1024, 0x61);
          while (sent < TEN_MB && !socket.destroyed) {
            const ok = socket.write(chunk);
            sent += chunk.length;
            if (!ok) await new Promise((r) => socket.once("drain", r).once("close", r));
          }
          if (!socket.destroyed) socket.end();
        });
        socket.on("end", () => (ended = true));
        socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code));
        socket.on("close", () => resolve({ text, error, ended, sent }));
        socket.setTimeout(20_000, () => socket.destroy());
        socket.on("connect", () => socket.write(head));
      });
      expect(result.error, path).toBeUndefined();
      expect(status(result.text), path).toBe(expected);
      expect(result.ended, "the server ended the connection with FIN").toBe(true);
      expect(result.sent, "the whole body was sent").toBe(TEN_MB);
    }
  });

  test("Expect: 100-continue with a body larger than any form: 413 at once, the body never asked for", async () => {
    const head = `POST /hr/contact HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${TEN_MB}\r\nExpect: 100-continue\r\n\r\n`;
    const { text } = await exchange(head, { waitMs: 12_000, end: false });
    expect(statuses(text)[0]).toBe(413);
    expect(text).not.toContain("100 Continue");
    expect(text).toMatch(/<html lang="hr"/);
  });

  test("the drain is bounded: a body far past the bound is cut off, and the server stays well", async () => {
    const head = `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: https://evil.example\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`;
    const started = Date.now();
    const result = await exchange(head, { bodyBytes: 200 * 1024 * 1024, waitMs: 30_000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.error ?? "closed").toMatch(/closed|ECONNRESET|EPIPE/);
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
  });

  test("past the bound the server stops reading, not closes: a client that reads only once it can send no more still gets its 413", async () => {
    // Had the server closed with the client's data unread, the reset would discard the 413
    // already waiting in the client's receive buffer (ECONNRESET instead of an answer).
    const result = await new Promise<{ text: string; error?: string; sent: number }>((resolve) => {
      const socket: Socket = connect(PORT, "127.0.0.1");
      socket.pause();
      let sent = 0;
      let error: string | undefined;
      socket.on("error", (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
      const chunk = Buffer.alloc(1024 * 1024, 0x61);
      const read = () => {
        let text = "";
        socket.on("data", (d) => (text += d.toString("latin1")));
        socket.resume();
        setTimeout(() => {
          resolve({ text, error, sent });
          socket.destroy();
        }, 1_500);
      };
      const pump = () => {
        while (sent < 64 * 1024 * 1024 && !socket.destroyed) {
          sent += chunk.length;
          if (!socket.write(chunk)) {
            const stuck = setTimeout(read, 1_000);
            socket.once("drain", () => {
              clearTimeout(stuck);
              pump();
            });
            return;
          }
        }
        read();
      };
      socket.on("connect", () => {
        socket.write(
          `POST /contact HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: http://127.0.0.1:${PORT}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${256 * 1024 * 1024}\r\n\r\n`,
        );
        pump();
      });
    });
    expect(result.sent).toBeGreaterThan(16 * 1024 * 1024);
    expect(result.error).toBeUndefined();
    expect(status(result.text)).toBe(413);
  });
});

test.describe("request metadata no URL can hold: 400, never 5xx", () => {
  const HOSTS = [
    "[",
    "a b",
    "x:99999999999",
    "x:-1",
    "ex ample.com",
    "a@b",
    "a/b",
    "[::1",
    "::1]",
    "%00",
    "x:65536",
    "é.example",
  ];
  for (const host of HOSTS) {
    test(`Host: ${JSON.stringify(host)} and X-Forwarded-Host: ${JSON.stringify(host)}`, async () => {
      for (const target of ["/contact", "/nowhere", "/hr/contact"]) {
        const viaHost = await exchange(`GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
        expect(status(viaHost.text), `Host ${host} ${target}`).toBeGreaterThanOrEqual(200);
        expect(status(viaHost.text), `Host ${host} ${target}`).toBeLessThan(500);
        const viaForwarded = await exchange(
          `POST ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: ${host}\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
        );
        expect(status(viaForwarded.text), `X-Forwarded-Host ${host} ${target}`).toBe(400);
      }
    });
  }

  test("a fuzzed request line and headers never produce a 5xx or an error-level log line", async () => {
    const pieces = ["/", "/contact", "/hr", "/%", "/%zz", "/..%2f", "/?q=%ff", "/contact?x=[]", "*", "//x", "/a\tb"];
    const methods = ["GET", "POST", "HEAD", "PUT", "get", "G E T", "CONNECT", "OPTIONS", "PATCH", "BREW"];
    const headers = [
      "Cookie: __session=%ff; x=\u00ff",
      "Cookie: " + "a=b; ".repeat(500),
      "Accept-Language: *;q=oops",
      "Content-Type: multipart/form-data; boundary=",
      "Content-Type: multipart/form-data",
      "Content-Length: -1",
      "Content-Length: 1, 2",
      "Transfer-Encoding: chunked, identity",
      "Origin: null",
      "Origin: http://[",
      "If-None-Match: " + '"'.repeat(100),
      "Accept-Encoding: br;q=nan, gzip;q=2",
      "X-Forwarded-For: ::::, [, 999.999.999.999",
      "Range: bytes=99999999999999999999-",
      "X-Forwarded-Host: x:99999999999",
      "X-Forwarded-Host: a b, c",
    ];
    let seed = 7;
    const pick = <T>(xs: readonly T[]) => xs[(seed = (seed * 48271) % 2147483647) % xs.length]!;
    const before = server.logs().length;
    for (let i = 0; i < 150; i++) {
      const line = `${pick(methods)} ${pick(pieces)} HTTP/1.1`;
      const head = `${line}\r\nHost: 127.0.0.1:${PORT}\r\n${pick(headers)}\r\n${pick(headers)}\r\nConnection: close\r\n\r\n`;
      const { text } = await exchange(head, { waitMs: 5_000 });
      const code = status(text);
      expect(code === 0 || code < 500, `${JSON.stringify(head)} → ${code}`).toBe(true);
    }
    const lines = server.logs().slice(before).split("\n").filter(Boolean);
    expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    expect((await fetch(`http://127.0.0.1:${PORT}/healthz`)).status).toBe(200);
  });
});

test("a client that stops reading its answers is dropped within the send timeout, while others are served", async () => {
  test.setTimeout(scaled(60_000));
  const page = "/vip-nightclub-experience";
  const socket = connect(PORT, "127.0.0.1");
  socket.pause();
  await new Promise((r) => socket.once("connect", r));
  socket.on("error", () => {});
  const requests = 400;
  for (let i = 0; i < requests; i++)
    socket.write(`GET ${page} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nAccept-Encoding: identity\r\n\r\n`);
  await new Promise((r) => setTimeout(r, scaled(2_000)));
  expect((await fetch(`http://127.0.0.1:${PORT}/`)).status).toBe(200);
  // Past the send timeout (10 s without progress) once the buffers are full: what the kernel kept, then the end.
  await new Promise((r) => setTimeout(r, 10_000 + scaled(10_500)));
  let received = "";
  const ended = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.on("data", (d) => (received += d.toString("latin1")));
  socket.resume();
  const closedSoon = await Promise.race([
    ended.then(() => true),
    new Promise((r) => setTimeout(() => r(false), scaled(5_000))),
  ]);
  expect(closedSoon).toBe(true);
  expect(statuses(received).length).toBeLessThan(requests);
});

test.describe("refusals say when to try again, in both languages", () => {
  test("429 carries Retry-After", async () => {
    const limited = await startServer(3152, { RATE_LIMIT_MAX: "1" });
    try {
      for (const path of ["/contact", "/hr/contact"]) {
        const post = () =>
          fetch(`${limited.base}${path}`, { method: "POST", body: enquiryBody("Twice"), redirect: "manual" });
        await post();
        const refused = await post();
        expect(refused.status).toBe(429);
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    } finally {
      limited.child.kill("SIGTERM");
    }
  });

  test("503 (nothing could be stored) carries Retry-After", async () => {
    const broken = await startServer(3153, { DATABASE_URL: "file:/dev/null/site.db" });
    try {
      for (const path of ["/contact", "/hr/contact"]) {
        const res = await fetch(`${broken.base}${path}`, {
          method: "POST",
          body: enquiryBody("Not stored"),
          redirect: "manual",
        });
        expect(res.status).toBe(503);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    } finally {
      broken.child.kill("SIGTERM");
    }
  });
});

test("behind a proxy that appends X-Forwarded-For, a visitor cannot choose their address", async () => {
  const proxied = await startServer(3154, { RATE_LIMIT_MAX: "2", TRUST_PROXY_HEADER: "x-forwarded-for" });
  try {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await fetch(`${proxied.base}/contact`, {
        method: "POST",
        body: enquiryBody(`Spoofing ${i}`),
        redirect: "manual",
        headers: { "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` },
      });
      codes.push(res.status);
    }
    expect(codes).toEqual([302, 302, 429, 429, 429]);
  } finally {
    proxied.child.kill("SIGTERM");
  }
});
