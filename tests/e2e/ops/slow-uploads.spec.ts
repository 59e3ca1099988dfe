// Slow and stalled bodies over real sockets (decision 0042): an owner's photo at 1 Mbit/s finishes, any other dribble
// ends as before, a stalled or crawling upload gets a 408 saying which, a retry with the same key is answered once.
import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { SITE } from "../../../app/i18n/site";
import { scaled } from "../time-scale";
import { smallJpeg } from "../../support/bad-uploads";
import { workspace } from "./server";
import { acceptOverHttp, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { draftPhotos, siteRows, type Session } from "./site-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3420;
// Short limits for the stall and the crawl; the rate's minimum as shipped (8 KB/s).
const IDLE_MS = 3_000;
const WINDOW_MS = 5_000;
let server: Awaited<ReturnType<typeof staffServer>>;
let owner: Session;
let member: Session;

test.beforeAll(async () => {
  server = await staffServer(PORT, { UPLOAD_IDLE_MS: String(IDLE_MS), UPLOAD_RATE_WINDOW_MS: String(WINDOW_MS) });
  const made = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
  owner = { base: server.base, cookie: (await acceptOverHttp(server, linkIn(made.stdout))).cookie! };
  const other = staffCommand(server, {}, "invite", "member@example.com");
  member = { base: server.base, cookie: (await acceptOverHttp(server, linkIn(other.stdout))).cookie! };
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

type Exchange = { status: number; head: string; body: string; ms: number; sent: number; closedMs: number };

/** One request on its own socket, the body at `bytesPerSecond` in 8 KB writes (stopping after `stopAfter`). */
function dribble(
  path: string,
  body: Buffer,
  {
    bytesPerSecond,
    stopAfter = body.length,
    headers = {},
    port = PORT,
  }: { bytesPerSecond: number; stopAfter?: number; headers?: Record<string, string>; port?: number },
): Promise<Exchange> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    let answeredMs = 0;
    let sent = 0;
    socket.on("data", (d: Buffer) => {
      answeredMs ||= performance.now() - started;
      chunks.push(d);
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const head = text.slice(0, split);
      const raw = text.slice(split + 4);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0),
        head,
        body: /\r\ntransfer-encoding: chunked/i.test(head) ? dechunked(raw) : raw,
        ms: answeredMs,
        sent,
        closedMs: performance.now() - started,
      });
    });
    socket.setTimeout(120_000, () => socket.destroy());
    socket.on("connect", async () => {
      const lines = [
        `POST ${path} HTTP/1.1`,
        `Host: 127.0.0.1:${PORT}`,
        `Origin: ${server.base}`,
        `Content-Length: ${body.length}`,
        "Connection: close",
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join("\r\n")}\r\n\r\n`);
      const begun = performance.now();
      while (sent < stopAfter && !socket.destroyed && !answeredMs) {
        const piece = body.subarray(sent, Math.min(stopAfter, sent + 8 * 1024));
        sent += piece.length;
        if (!socket.write(piece)) await new Promise((r) => socket.once("drain", r).once("close", r));
        const due = begun + (sent / bytesPerSecond) * 1000;
        await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
      }
    });
  });
}

/** The body of a chunked answer (ASCII sizes; the JSON answers here are short). */
function dechunked(raw: string): string {
  let out = "";
  for (let at = 0; ;) {
    const line = raw.indexOf("\r\n", at);
    const size = parseInt(raw.slice(at, line), 16);
    if (!size) return out;
    out += raw.slice(line + 2, line + 2 + size);
    at = line + 2 + size + 2;
  }
}

const BOUNDARY = "----slow-upload-boundary";
function multipart(fileName: string, bytes: Buffer, gallery = "vip") {
  return Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="gallery"\r\n\r\n${gallery}\r\n` +
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="${fileName}"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}
const upload = (s: Session, extra: Record<string, string> = {}) => ({
  Cookie: s.cookie,
  "Content-Type": `multipart/form-data; boundary=${BOUNDARY}`,
  ...extra,
});
const JSON_ANSWER = { Accept: "application/json" };
const MBIT = 1_000_000 / 8;
/** Photos and the draft (the encodings of earlier photos go on being written meanwhile). */
const stored = () => {
  const { photos, draft } = siteRows(server.database);
  return { photos, draft };
};

/** A phone photo of noise, made once: 2.7 MB no encoder makes smaller, over 20 s at 1 Mbit/s. */
let photoOnce: Promise<Buffer> | undefined;
function phonePhoto() {
  const [w, h] = [1900, 1425];
  return (photoOnce ??= sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer());
}

test("a 2.7 MB photo sent at 1 Mbit/s by the owner finishes and is stored, from the script and from the plain form", async () => {
  test.setTimeout(scaled(90_000));
  const photo = await phonePhoto();
  expect(photo.length).toBeGreaterThan(2_500_000);
  const before = (await draftPhotos(owner, "vip")).length;
  const [script, form] = await Promise.all([
    dribble("/staff/site/upload", multipart("slow-script.jpg", photo), {
      bytesPerSecond: MBIT,
      headers: upload(owner, { ...JSON_ANSWER, "Idempotency-Key": "slow-upload-script-0001" }),
    }),
    dribble("/staff/site/upload", multipart("slow-form.jpg", photo), { bytesPerSecond: MBIT, headers: upload(owner) }),
  ]);
  for (const [label, r] of [
    ["script", script],
    ["form", form],
  ] as const)
    console.log(`slow upload (${label}): ${r.sent} bytes in ${(r.ms / 1000).toFixed(1)} s, answered ${r.status}`);
  expect(script.status, script.head).toBe(200);
  expect(JSON.parse(script.body)).toEqual({ added: 1, refused: [] });
  expect(form.status, form.head).toBe(303);
  expect(form.head).toMatch(/\r\nlocation: [^\r]*[?]upload=[\w-]+/i);
  // Well past the 15 s every other request gets: the two shared nothing but the server (1 Mbit/s each).
  expect(script.ms).toBeGreaterThan(20_000);
  expect(await draftPhotos(owner, "vip")).toHaveLength(before + 2);
});

test("the same dribble elsewhere, or from anyone else, is ended as before: 408 in 15 s, or refused at once", async () => {
  test.setTimeout(scaled(60_000));
  const body = multipart("dribble.jpg", await smallJpeg());
  const slowly = { bytesPerSecond: 200 };
  const before = stored();
  const [contact, ownersContact, anonymous, noGrant] = await Promise.all([
    dribble("/contact", Buffer.alloc(20_000, "a"), {
      ...slowly,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    }),
    // The owner's session lets only the upload take longer.
    dribble("/contact", Buffer.alloc(20_000, "a"), {
      ...slowly,
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: owner.cookie },
    }),
    dribble("/staff/site/upload", body, {
      ...slowly,
      headers: { ...upload({ ...owner, cookie: "" }), ...JSON_ANSWER },
    }),
    dribble("/staff/site/upload", body, { ...slowly, headers: upload(member, JSON_ANSWER) }),
  ]);
  console.log(
    `dribbles: /contact 408 at ${(contact.ms / 1000).toFixed(1)} s, with the owner's cookie ${(ownersContact.ms / 1000).toFixed(1)} s; upload without a session ${anonymous.status} at ${anonymous.ms.toFixed(0)} ms (closed ${(anonymous.closedMs / 1000).toFixed(1)} s), without the grant ${noGrant.status} at ${noGrant.ms.toFixed(0)} ms (closed ${(noGrant.closedMs / 1000).toFixed(1)} s)`,
  );
  for (const r of [contact, ownersContact]) {
    expect(r.head).toBe("HTTP/1.1 408 Request Timeout\r\nConnection: close");
    expect(r.ms).toBeGreaterThan(14_000);
    expect(r.ms).toBeLessThan(15_000 + scaled(2_000));
  }
  // Without a session, or without the grant: answered before the body, and the connection let go within 15 s.
  expect(anonymous.status).toBe(401);
  expect(noGrant.status).toBe(403);
  for (const r of [anonymous, noGrant]) {
    expect(r.ms).toBeLessThan(3_000);
    expect(r.closedMs).toBeLessThan(16_000);
  }
  expect(stored()).toEqual(before);
});

test("an owner's upload that stops sending ends after the idle limit: 408 stalled to the script, a page to the form; nothing stored", async () => {
  test.setTimeout(scaled(60_000));
  const photo = await phonePhoto();
  const before = stored();
  const stopAfter = 256 * 1024;
  const [script, form] = await Promise.all([
    dribble("/staff/site/upload", multipart("stops.jpg", photo), {
      bytesPerSecond: MBIT,
      stopAfter,
      headers: upload(owner, JSON_ANSWER),
    }),
    dribble("/staff/site/upload", multipart("stops.jpg", photo), {
      bytesPerSecond: MBIT,
      stopAfter,
      headers: upload(owner, { Referer: `${server.base}/staff/site/vip` }),
    }),
  ]);
  const lastByteMs = (stopAfter / MBIT) * 1000;
  console.log(
    `stall: last byte at ${(lastByteMs / 1000).toFixed(1)} s, 408 ${script.body} at ${(script.ms / 1000).toFixed(1)} s`,
  );
  expect(script.status).toBe(408);
  expect(JSON.parse(script.body)).toEqual({ error: "stalled" });
  expect(script.ms).toBeGreaterThan(lastByteMs + IDLE_MS - 200);
  expect(script.ms).toBeLessThan(lastByteMs + IDLE_MS + scaled(2_000));
  expect(form.status).toBe(408);
  expect(form.head).toMatch(/\r\ncontent-security-policy: /i);
  expect(form.body).toContain(SITE.en.uploadEnded.stalled);
  expect(form.body).toContain(SITE.hr.uploadEnded.stalled);
  expect(form.body).toContain('href="/staff/site/vip"');
  expect(stored()).toEqual(before);
  expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  // Each ending is one warning line naming why; the cut body is no error of the server's.
  const lines = server.logs().split("\n");
  expect(
    lines.filter((l) => l.includes('"event":"http.upload_ended"') && l.includes('"reason":"stalled"')),
  ).toHaveLength(2);
  expect(lines.filter((l) => l.includes('"level":"error"'))).toEqual([]);
});

test("an owner's upload crawling under the minimum rate ends with 408 slow once the window shows it; nothing stored", async () => {
  test.setTimeout(scaled(60_000));
  const before = stored();
  // 4 KB/s: never idle, half the minimum.
  const r = await dribble("/staff/site/upload", multipart("crawl.jpg", await phonePhoto()), {
    bytesPerSecond: 4 * 1024,
    headers: upload(owner, JSON_ANSWER),
  });
  console.log(`crawl at 4 KB/s: ${r.sent} bytes, 408 ${r.body} at ${(r.ms / 1000).toFixed(1)} s`);
  expect(r.status).toBe(408);
  expect(JSON.parse(r.body)).toEqual({ error: "slow" });
  expect(r.ms).toBeGreaterThan(WINDOW_MS - 200);
  expect(r.ms).toBeLessThan(WINDOW_MS + scaled(2_000));
  expect(stored()).toEqual(before);
});

test("the same photo sent again with the same key is answered once: the first answer, one photo", async () => {
  const body = multipart("twice.jpg", await smallJpeg());
  const headers = upload(owner, { ...JSON_ANSWER, "Idempotency-Key": "same-photo-key-000001" });
  const before = (await draftPhotos(owner, "vip")).length;
  const first = await dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, headers });
  const again = await dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, headers });
  expect(first.status).toBe(200);
  expect(again.status).toBe(200);
  expect(again.body).toBe(first.body);
  expect(again.head).toMatch(/\r\nidempotent-replayed: true/i);
  expect(await draftPhotos(owner, "vip")).toHaveLength(before + 1);
  // Another key is another photo.
  const other = await dribble("/staff/site/upload", body, {
    bytesPerSecond: 10 * MBIT,
    headers: upload(owner, { ...JSON_ANSWER, "Idempotency-Key": "same-photo-key-000002" }),
  });
  expect(other.status).toBe(200);
  expect(await draftPhotos(owner, "vip")).toHaveLength(before + 2);
});

test("a retry that reaches another replica gets the first answer from the database, not a second photo", async () => {
  const replica = await staffServer(PORT + 2, {}, { ...workspace(), database: server.database });
  try {
    const body = multipart("replica.jpg", await smallJpeg());
    const headers = upload(owner, { ...JSON_ANSWER, "Idempotency-Key": "replica-photo-key-0001" });
    const before = (await draftPhotos(owner, "vip")).length;
    const first = await dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, headers });
    const again = await dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, headers, port: PORT + 2 });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toEqual(JSON.parse(first.body));
    expect(again.head).toMatch(/\r\nidempotent-replayed: true/i);
    expect(await draftPhotos(owner, "vip")).toHaveLength(before + 1);
  } finally {
    replica.child.kill("SIGKILL");
  }
});

test("a person's fourth upload at once is told to wait (429); the three go on, and the next is taken", async () => {
  const body = multipart("busy.jpg", await smallJpeg());
  const headers = upload(owner, JSON_ANSWER);
  const held = [0, 1, 2].map(() =>
    dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, stopAfter: 1_000, headers }),
  );
  const beforeTheIdleLimitEndsThem = Math.min(scaled(500), IDLE_MS - 1_000);
  await new Promise((resolve) => setTimeout(resolve, beforeTheIdleLimitEndsThem));
  const fourth = await dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, headers });
  expect(fourth.status).toBe(429);
  expect(fourth.head).toMatch(/\r\nretry-after: 5/i);
  expect(JSON.parse(fourth.body)).toEqual({ error: "busy" });
  expect((await Promise.all(held)).map((r) => r.status)).toEqual([408, 408, 408]);
  expect((await dribble("/staff/site/upload", body, { bytesPerSecond: 10 * MBIT, headers })).status).toBe(200);
});
