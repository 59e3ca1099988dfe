// What the staff area's security review found (decision 0021), as a client over HTTP meets it.
import { readFileSync, readdirSync } from "node:fs";
import { connect } from "node:net";
import { expect, test } from "@playwright/test";
import { HOSTILE_TARGETS } from "../../support/redirect-corpus";
import { enquiryBody } from "./server";
import { acceptOverHttp, ceremony, linkIn, rowsIn, signInOverHttp, staffCommand, staffServer } from "./staff-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });

const PORT = 3205;
const METRICS_TOKEN = "staff-review-metrics-token-0123456789";
const REFUSALS_PER_MINUTE = 25;
let server: Awaited<ReturnType<typeof staffServer>>;
let owner = "";
let staff = "";
let enquiryId = "";

test.beforeAll(async () => {
  server = await staffServer(PORT, {
    TRUST_PROXY_HEADER: "x-real-ip",
    STAFF_SIGN_IN_MAX: "10000",
    STAFF_AUDIT_REFUSALS_PER_MINUTE: String(REFUSALS_PER_MINUTE),
    METRICS_TOKEN,
  });
  owner = (await acceptOverHttp(server, linkIn(command("invite", "owner@example.com", "--owner").stdout))).cookie!;
  staff = (await acceptOverHttp(server, linkIn(command("invite", "marko@example.com").stdout))).cookie!;
  expect(owner).toMatch(/^staff=/);
  expect(staff).toMatch(/^staff=/);
  const posted = await fetch(`${server.base}/contact`, {
    method: "POST",
    body: enquiryBody("Table for two", "Mark Dean"),
    redirect: "manual",
  });
  expect(posted.status).toBe(302);
  enquiryId = rows<{ id: string }>("SELECT id FROM enquiries")[0]!.id;
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

const command = (...args: string[]) => staffCommand(server, {}, ...args);
const rows = <T>(sql: string, ...values: unknown[]) => rowsIn<T>(server.database, sql, ...values);
const auditCount = (event: string) =>
  rows<{ n: number }>("SELECT count(*) AS n FROM staff_audit WHERE event = ?", event)[0]!.n;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1]) * 1024;
const form = (cookie?: string, extra: Record<string, string> = {}) => ({
  origin: server.base,
  "content-type": "application/x-www-form-urlencoded",
  ...(cookie ? { cookie } : {}),
  ...extra,
});

function hugePost(path: string, { cookie, chunked }: { cookie?: string; chunked: boolean }, bytes = 256 * 1024 * 1024) {
  return new Promise<{ status: number; sentBeforeAnswer: number }>((resolve) => {
    const socket = connect(PORT, "127.0.0.1");
    let sent = 0;
    let answeredAt = -1;
    let text = "";
    const done = () =>
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), sentBeforeAnswer: answeredAt });
    socket.on("data", (d: Buffer) => {
      if (answeredAt < 0) answeredAt = sent;
      text += d.toString("latin1");
      if (/\r\n\r\n/.test(text)) socket.destroy();
    });
    socket.on("error", () => {});
    socket.on("close", done);
    socket.setTimeout(20_000, () => socket.destroy());
    socket.on("connect", async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${PORT}\r\nOrigin: ${server.base}\r\n` +
          `Content-Type: application/x-www-form-urlencoded\r\n${cookie ? `Cookie: ${cookie}\r\n` : ""}` +
          (chunked ? "Transfer-Encoding: chunked\r\n\r\n" : `Content-Length: ${bytes}\r\n\r\n`),
      );
      const chunk = Buffer.alloc(16 * 1024, 0x61);
      while (sent < bytes && answeredAt < 0 && !socket.destroyed) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        const framed = chunked
          ? Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")])
          : piece;
        sent += piece.length;
        if (!socket.write(framed)) await new Promise((r) => socket.once("drain", r).once("close", r));
      }
    });
  });
}

async function inBatches(count: number, send: (i: number) => Promise<unknown>) {
  for (let i = 0; i < count; i += 10)
    await Promise.all(Array.from({ length: Math.min(10, count - i) }, (_, k) => send(i + k)));
}

const ACTIONS = readdirSync("app/routes")
  .filter((f) => /^staff[._]/.test(f) && /export (async )?function action|export const action/.test(read(f)))
  .map((f) =>
    `/${f.replace(/\.(tsx?)$/, "").replace(/\./g, "/")}`
      .replace("/$id", "/ID")
      .replace("/$gallery", "/vip")
      .replace("/$part", "/home")
      .replace(/\/_index$/, "?index"),
  );
function read(file: string) {
  return readFileSync(`app/routes/${file}`, "utf8");
}
// The alerts' receipt and renewal are open too (proved by a token or a secret, not a session): a body to them meets
// the reader's bound.
const OPEN_ACTIONS = [
  "/staff/language",
  "/staff/passkey",
  "/staff/push/receipt",
  "/staff/push/renewal",
  "/staff/site/end-preview",
];
const MULTIPART_ONLY = ["/staff/site/upload"];
const READER_BOUND: Record<string, number> = { "/staff/passkey": 48 * 1024 };
const readerBound = (route: string) => READER_BOUND[route] ?? 64 * 1024;

test("a 256 MB body to every staff form, declared or chunked, with and without a session: refused at once, memory flat", async () => {
  test.setTimeout(scaled(90_000));
  expect(ACTIONS).toEqual(expect.arrayContaining([...OPEN_ACTIONS, "/staff/account", "/staff/inbox/ID"]));
  const before = rss();
  let peak = before;
  const watch = setInterval(() => (peak = Math.max(peak, rss())), 20);
  try {
    for (const route of ACTIONS) {
      const path = route.replace("/ID", `/${enquiryId}`);
      for (const cookie of [owner, undefined])
        for (const chunked of [false, true]) {
          const label = `${path} ${cookie ? "signed in" : "no session"} ${chunked ? "chunked" : "declared"}`;
          const { status, sentBeforeAnswer } = await hugePost(path, { cookie, chunked });
          // Declared: 413 before the session is even looked at. Chunked: the reader stops at its
          // bound (413), or the door refuses a person without a session first (401, body unread).
          const open = OPEN_ACTIONS.includes(route);
          const expected = !chunked || cookie || open ? 413 : 401;
          expect(status, label).toBe(chunked && cookie && MULTIPART_ONLY.includes(route) ? 415 : expected);
          expect(sentBeforeAnswer, label).toBeLessThan(32 * 1024 * 1024);
        }
    }
  } finally {
    clearInterval(watch);
  }
  expect(peak - before, `RSS ${before} before, ${peak} at most`).toBeLessThan(96 * 1024 * 1024);
  // A body of exactly the reader's bound is read whole (answered after its last byte); one byte more is refused unread.
  for (const route of ["/staff/account", "/staff/passkey"]) {
    const bound = readerBound(route);
    const at = await hugePost(route, { cookie: owner, chunked: false }, bound);
    expect(at.status, `${route}: ${bound} bytes`).not.toBe(413);
    expect(at.status, `${route}: ${bound} bytes`).toBeLessThan(500);
    expect(at.sentBeforeAnswer, `${route}: ${bound} bytes`).toBe(bound);
    expect((await hugePost(route, { cookie: owner, chunked: false }, bound + 1)).status, `${route}: ${bound + 1}`).toBe(
      413,
    );
  }
  expect((await fetch(`${server.base}/staff`, { headers: { cookie: owner } })).status).toBe(200);
});

test("a bad body to a signed-in staff action: a clear 4xx, never a 5xx, nothing changed", async () => {
  const bodies: [string, Record<string, string>, string, number][] = [
    ["JSON", { "content-type": "application/json" }, '{"scope":"everywhere"}', 415],
    ["no type", { "content-type": "" }, "scope=everywhere", 415],
    ["multipart without its boundary", { "content-type": "multipart/form-data" }, "--x\r\n", 400],
    ["truncated multipart", { "content-type": "multipart/form-data; boundary=XyZ" }, "--XyZ\r\nContent-Dispo", 400],
    ["70 KB of form", { "content-type": "application/x-www-form-urlencoded" }, `note=${"x".repeat(70_000)}`, 413],
  ];
  for (const route of ACTIONS.filter((r) => r !== "/staff/passkey")) {
    const path = route.replace("/ID", `/${enquiryId}`);
    for (const [label, headers, body, expected] of bodies) {
      const answer = await fetch(`${server.base}${path}`, {
        method: "POST",
        headers: { ...form(owner), ...headers },
        body,
        redirect: "manual",
      });
      const multipartOnly = MULTIPART_ONLY.includes(route) && label === "70 KB of form";
      expect(answer.status, `${path} ${label}`).toBe(multipartOnly ? 415 : expected);
      const text = await answer.text();
      expect(text, `${path} ${label}`).toMatch(/form|too large|could not be read|Payload|Unsupported|obrazac/i);
    }
  }
  expect(auditCount("sign-out-everywhere") + auditCount("sign-out")).toBe(0);
  expect((await fetch(`${server.base}/staff`, { headers: { cookie: owner } })).status).toBe(200);
});

test("sign-in options are the same answer for an account, for nobody and for no address: no credential ids", async () => {
  const shape = (body: Record<string, unknown>) => {
    const options = body.options as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(options).map(([k, v]) => [k, typeof v === "string" && k === "challenge" ? v.length : v]),
    );
  };
  const answers = await Promise.all(
    (
      [{}, { email: "owner@example.com" }, { email: "nobody@example.com" }, { email: "not an address" }] as Record<
        string,
        string
      >[]
    ).map((fields: Record<string, string>) => ceremony(server, { intent: "sign-in-options", ...fields })),
  );
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    expect(answer.body.options).not.toHaveProperty("allowCredentials");
    expect(shape(answer.body)).toEqual(shape(answers[0]!.body));
  }
  expect(shape(answers[0]!.body)).toEqual({
    challenge: 43,
    rpId: "localhost",
    timeout: 300_000,
    userVerification: "required",
  });
  const ids = rows<{ id: string }>("SELECT id FROM staff_passkeys").map((r) => r.id);
  for (const answer of answers) for (const id of ids) expect(JSON.stringify(answer.body)).not.toContain(id);
});

test("user verification is required: a passkey made or used without it (UV=0) is refused", async () => {
  const link = linkIn(command("invite", "pin@example.com").stdout);
  const unverified = await acceptOverHttp(server, link, undefined, { verified: false });
  expect(unverified.status).toBe(400);
  expect(unverified.body).toEqual({ error: "refused" });
  expect(unverified.cookie).toBeUndefined();
  expect(
    rows(
      "SELECT p.id FROM staff_passkeys p JOIN staff_members m ON m.id = p.member_id WHERE m.email = ?",
      "pin@example.com",
    ),
  ).toEqual([]);

  const made = await acceptOverHttp(server, link, unverified.device);
  expect(made.status).toBe(200);
  const without = await signInOverHttp(server, made.device, { verified: false });
  expect(without.status).toBe(400);
  expect(without.cookie).toBeUndefined();
  const withPin = await signInOverHttp(server, made.device);
  expect(withPin.status).toBe(200);
  expect(withPin.cookie).toMatch(/^staff=/);
});

test("refusals without a session cannot flood the audit log: one row a minute per address and kind, a budget for many addresses, the rest counted", async () => {
  const before = { session: auditCount("session-refused"), signIn: auditCount("sign-in") };
  const forged = `staff=${"A".repeat(43)}`;
  const bogus = JSON.stringify({ id: "x", response: { clientDataJSON: "e30" } });
  // The rule counts by the minute: a run that crosses into the next one may write one more.
  const started = Date.now();
  const minutes = () => Math.floor(Date.now() / 60_000) - Math.floor(started / 60_000) + 1;
  await inBatches(300, () =>
    Promise.all([
      fetch(`${server.base}/staff/inbox`, { headers: { cookie: forged, "x-real-ip": "203.0.113.50" } }),
      ceremony(server, { intent: "sign-in", response: bogus }, { "x-real-ip": "203.0.113.50" }),
    ]),
  );
  const oneAddress = {
    session: auditCount("session-refused") - before.session,
    signIn: auditCount("sign-in") - before.signIn,
  };
  expect(oneAddress.session).toBeGreaterThanOrEqual(1);
  expect(oneAddress.session).toBeLessThanOrEqual(minutes());
  expect(oneAddress.signIn).toBeGreaterThanOrEqual(1);
  expect(oneAddress.signIn).toBeLessThanOrEqual(minutes());

  const total = () => rows<{ n: number }>("SELECT count(*) AS n FROM staff_audit WHERE outcome = 'refused'")[0]!.n;
  const start = total();
  const botnetStarted = Date.now();
  await inBatches(300, (i) =>
    fetch(`${server.base}/staff/inbox`, {
      headers: { cookie: forged, "x-real-ip": `198.51.${100 + (i >> 8)}.${i & 255}` },
    }),
  );

  const botnetMinutes = Math.floor(Date.now() / 60_000) - Math.floor(botnetStarted / 60_000) + 1;
  expect(total() - start).toBeLessThanOrEqual(REFUSALS_PER_MINUTE * botnetMinutes);

  const metrics = await (
    await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  ).text();
  const skipped = (event: string) =>
    Number(new RegExp(`staff_audit_skipped_total\\{event="${event}"\\} (\\d+)`).exec(metrics)?.[1] ?? 0);
  expect(skipped("session-refused")).toBeGreaterThanOrEqual(
    300 - oneAddress.session + 300 - REFUSALS_PER_MINUTE * botnetMinutes,
  );
  expect(skipped("sign-in")).toBeGreaterThanOrEqual(300 - oneAddress.signIn);
  // The address recorded is the client's (behind the trusted proxy), not the proxy's.
  expect(rows("SELECT 1 FROM staff_audit WHERE event = 'session-refused' AND address = '203.0.113.50'")).toHaveLength(
    oneAddress.session,
  );

  const added = auditCount("passkey-added");
  for (let i = 0; i < 3; i++)
    await ceremony(server, { intent: "register", response: bogus }, { cookie: staff, "x-real-ip": "203.0.113.51" });
  expect(auditCount("passkey-added") - added).toBe(3);
});

test("the language switch goes back only where the one redirect rule allows, open pages included", async () => {
  for (const back of [...HOSTILE_TARGETS, "/\t/evil.example/staff"]) {
    const answer = await fetch(`${server.base}/staff/language`, {
      method: "POST",
      headers: form(),
      body: new URLSearchParams({ to: "hr", back }),
      redirect: "manual",
    });
    expect(answer.status, JSON.stringify(back)).toBe(303);
    expect(answer.headers.get("location"), JSON.stringify(back)).toBe("/staff");
  }
  for (const back of ["/staff/sign-in?next=%2Fstaff%2Faccount", "/staff/inbox?q=Mark"]) {
    const answer = await fetch(`${server.base}/staff/language`, {
      method: "POST",
      headers: form(),
      body: new URLSearchParams({ to: "en", back }),
      redirect: "manual",
    });
    expect(answer.headers.get("location")).toBe(back);
  }
});

test("the data subject's file is JSON (200), for owners; a search for a name that looks like a reference finds it", async () => {
  const url = `${server.base}/staff/inbox/subject?email=ana%40example.com&download=1`;
  const file = await fetch(url, { headers: { cookie: owner } });
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("application/json; charset=utf-8");
  expect(file.headers.get("content-disposition")).toMatch(/^attachment; filename="subject-\d{4}-\d{2}-\d{2}\.json"$/);
  const body = (await file.json()) as { enquiries: { name: string }[] };
  expect(body.enquiries.map((e) => e.name)).toEqual(["Mark Dean"]);

  const search = await (await fetch(`${server.base}/staff/inbox?q=Mark+Dean`, { headers: { cookie: owner } })).text();
  expect(search.match(/class="inbox-row"/g)).toHaveLength(1);

  for (const path of [
    "/staff/inbox/export?format=csv",
    "/staff/inbox/subject?email=ana%40example.com",
    "/staff/inbox/subject/download?email=ana%40example.com",
  ])
    expect((await fetch(`${server.base}${path}`, { headers: { cookie: staff } })).status, path).toBe(403);
  const erase = await fetch(`${server.base}/staff/inbox/subject`, {
    method: "POST",
    headers: form(staff),
    body: new URLSearchParams({ email: "ana@example.com", confirm: "ana@example.com" }),
    redirect: "manual",
  });
  expect(erase.status).toBe(403);
  expect(rows("SELECT id FROM enquiries")).toHaveLength(1);
});

test("staff answers send no Referer out, and a link cannot make the inbox announce what it likes", async () => {
  const inbox = await fetch(`${server.base}/staff/inbox?erased=${encodeURIComponent("Call 555-0100 now")}`, {
    headers: { cookie: owner },
  });
  expect(inbox.headers.get("referrer-policy")).toBe("same-origin");
  const page = await inbox.text();
  expect(page).toContain("<h1>Inbox</h1>");
  expect(page).not.toContain("Call 555-0100 now");
  expect(page).not.toMatch(/class="staff-notice"[^>]*>[^<]*Call 555/);
  const signIn = await fetch(`${server.base}/staff/sign-in`);
  expect(signIn.headers.get("referrer-policy")).toBe("same-origin");
});
