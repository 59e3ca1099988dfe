import { createServer, type Server } from "node:http";
import { connect, type AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { SITE } from "~/i18n/site";
import { bodyLimits } from "./body-limits";

// Real sockets on loopback, with the limits shortened: what a client sees when its body dribbles, stops or moves.

const LIMITS = { wholeMs: 800, checkEveryMs: 50, upload: { idleMs: 500, minRate: 4_000, windowMs: 600, maxMs: 4_000 } };
let server: Server | undefined;
let stop = () => {};
afterEach(() => {
  stop();
  server?.close();
  server?.closeAllConnections();
});

/** A server that lets `/upload` take longer, reads every body, and answers 200 with the bytes it read. `hold` makes
 * its handler read nothing for that long first (busy). */
async function start({ hold = 0 } = {}) {
  server = createServer({ requestTimeout: 0 }, (req, res) => {
    limits.watch(req, res);
    if (req.url === "/upload") limits.allowSlowUpload(req);
    let read = 0;
    setTimeout(() => {
      req.on("data", (d: Buffer) => (read += d.length));
      req.on("end", () => res.end(`read ${read}`));
    }, hold);
  });
  const limits = bodyLimits(server, LIMITS);
  stop = limits.stop;
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** Sends `bytes` in `pieces` over `overMs` (unless `stopAfter`), each after the loop's poll: as a browser, it reads an
 * answer before sending more (a write into the server's close ends the socket unread); resolves with what came back. */
function send(
  port: number,
  path: string,
  {
    bytes,
    overMs,
    pieces = 20,
    stopAfter,
    headers = "",
  }: { bytes: number; overMs: number; pieces?: number; stopAfter?: number; headers?: string },
) {
  return new Promise<{ text: string; ms: number }>((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    const timers: NodeJS.Timeout[] = [];
    socket.on("data", (d: Buffer) => chunks.push(d));
    socket.on("error", () => {});
    socket.on("close", () => {
      timers.forEach(clearTimeout);
      resolve({ text: Buffer.concat(chunks).toString("utf8"), ms: performance.now() - started });
    });
    socket.on("connect", () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: ${bytes}\r\nConnection: close\r\n${headers}\r\n`,
      );
      const piece = Math.ceil(bytes / pieces);
      for (let i = 0; i < pieces; i++) {
        if (stopAfter !== undefined && i >= stopAfter) break;
        const size = Math.min(piece, bytes - i * piece);
        const write = () => socket.destroyed || chunks.length > 0 || socket.write(Buffer.alloc(size, 0x61));
        timers.push(setTimeout(() => setImmediate(write), (overMs * i) / pieces));
      }
    });
  });
}

const status = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const body = (text: string) => text.slice(text.indexOf("\r\n\r\n") + 4);

describe("the whole-request limit", () => {
  it("headers that dribble are still Node's to end (headersTimeout holds with requestTimeout off)", async () => {
    server = createServer({ headersTimeout: 500, requestTimeout: 0, connectionsCheckingInterval: 50 }, (_q, r) =>
      r.end(),
    );
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const started = performance.now();
    const text = await new Promise<string>((resolve) => {
      const socket = connect((server!.address() as AddressInfo).port, "127.0.0.1");
      let got = "";
      socket.on("data", (d) => (got += d.toString("latin1")));
      socket.on("close", () => resolve(got));
      socket.on("connect", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n"));
    });
    expect(status(text)).toBe(408);
    expect(performance.now() - started).toBeLessThan(1_500);
  });

  it("a body still arriving after it gets Node's own 408, whatever the path", async () => {
    const port = await start();
    const { text, ms } = await send(port, "/contact", { bytes: 40_000, overMs: 3_000 });
    expect(text).toBe("HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n");
    expect(ms).toBeGreaterThanOrEqual(LIMITS.wholeMs - 50);
    expect(ms).toBeLessThan(LIMITS.wholeMs + 500);
  });

  it("a body within it is answered", async () => {
    const port = await start();
    const { text } = await send(port, "/contact", { bytes: 40_000, overMs: 300 });
    expect(status(text)).toBe(200);
    expect(body(text)).toBe("read 40000");
  });
});

describe("an upload let through", () => {
  it("one moving above the minimum rate finishes, however long past the whole-request limit", async () => {
    const port = await start();
    // 40 KB over 2.5 s: 16 KB/s, four times the minimum; three times the whole-request limit.
    const { text, ms } = await send(port, "/upload", { bytes: 40_000, overMs: 2_500, pieces: 50 });
    expect(status(text)).toBe(200);
    expect(body(text)).toBe("read 40000");
    expect(ms).toBeGreaterThan(2 * LIMITS.wholeMs);
  });

  it("one that stops sending ends after the idle limit with 408 stalled, as JSON to the script", async () => {
    const port = await start();
    const { text, ms } = await send(port, "/upload", {
      bytes: 40_000,
      overMs: 400,
      stopAfter: 10,
      headers: "Accept: application/json\r\n",
    });
    expect(status(text)).toBe(408);
    expect(text).toMatch(/\r\nContent-Type: application\/json; charset=utf-8\r\n/);
    expect(text).toMatch(/\r\nCache-Control: no-store\r\n/);
    expect(JSON.parse(body(text))).toEqual({ error: "stalled" });
    // The last byte at 180 ms, then the idle limit, to within the checks' step.
    expect(ms).toBeGreaterThan(180 + LIMITS.upload.idleMs - 60);
    expect(ms).toBeLessThan(180 + LIMITS.upload.idleMs + 400);
  });

  it("one that keeps moving below the minimum rate ends with 408 slow; the plain form gets a page in both languages", async () => {
    const port = await start();
    // 2 KB/s, half the minimum, never idle for long.
    const { text } = await send(port, "/upload", {
      bytes: 20_000,
      overMs: 10_000,
      pieces: 100,
      headers: "Referer: http://x/staff/site/vip\r\n",
    });
    expect(status(text)).toBe(408);
    const page = body(text);
    expect(page).toContain(SITE.en.uploadEnded.slow);
    expect(page).toContain(SITE.hr.uploadEnded.slow);
    expect(page).toContain('href="/staff/site/vip"');
  });

  it("a Referer elsewhere leads back to the Site section, never there", async () => {
    const port = await start();
    const { text } = await send(port, "/upload", {
      bytes: 4_000,
      overMs: 100,
      stopAfter: 2,
      headers: "Referer: https://evil.example/x\r\n",
    });
    expect(status(text)).toBe(408);
    expect(body(text)).toContain('href="/staff/site"');
    expect(body(text)).not.toContain("evil");
  });

  it("one that moves fast enough but for longer than the cap ends there, named slow", async () => {
    const port = await start();
    const { text, ms } = await send(port, "/upload", {
      bytes: 100_000,
      overMs: 8_000,
      pieces: 160,
      headers: "Accept: application/json\r\n",
    });
    expect(JSON.parse(body(text))).toEqual({ error: "slow" });
    expect(ms).toBeGreaterThan(LIMITS.upload.maxMs - 100);
    expect(ms).toBeLessThan(LIMITS.upload.maxMs + 500);
  });

  it("bytes the server has not read yet (its handler busy) are not the sender's stall", async () => {
    // The handler reads nothing for twice the idle limit; the client sent everything at once.
    const port = await start({ hold: 2 * LIMITS.upload.idleMs });
    const { text } = await send(port, "/upload", { bytes: 200_000, overMs: 50, pieces: 2 });
    expect(status(text)).toBe(200);
    expect(body(text)).toBe("read 200000");
  });
});
