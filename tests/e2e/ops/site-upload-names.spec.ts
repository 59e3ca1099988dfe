// File names as phones send them, an oversize body of no declared length, many long-named refusals (decision 0041):
// every name taken and shown inert, the 413 or the refusal page always arriving, the refusals never in the URL.
import { request as httpRequest } from "node:http";
import Database from "better-sqlite3";
import { expect, test } from "@playwright/test";
import { cleanFileName } from "../../../app/site/file-name";
import { SITE } from "../../../app/i18n/site";
import * as bad from "../../support/bad-uploads";
import { acceptOverHttp, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { processed, siteForm, upload, type Session } from "./site-helpers";

test.describe.configure({ mode: "serial" });

const PORT = 3400;
const UPLOAD_MB = 3;
let server: Awaited<ReturnType<typeof staffServer>>;
let owner: Session;

test.beforeAll(async () => {
  server = await staffServer(PORT, {
    MEDIA_MAX_FILE_MB: "1",
    MEDIA_MAX_UPLOAD_MB: String(UPLOAD_MB),
    MEDIA_MAX_FILES: "20",
  });
  const made = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
  const accepted = await acceptOverHttp(server, linkIn(made.stdout));
  owner = { base: server.base, cookie: accepted.cookie! };
});
test.afterAll(() => {
  server?.child.kill("SIGKILL");
});

/** As React writes text into HTML. */
const html = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

function storedNames(): { id: string; fileName: string }[] {
  const db = new Database(server.database, { readonly: true });
  try {
    return db.prepare("SELECT id, file_name AS fileName FROM site_photos ORDER BY created_at, rowid").all() as {
      id: string;
      fileName: string;
    }[];
  } finally {
    db.close();
  }
}

async function pageAfter(answer: Response, lang: "en" | "hr" = "en") {
  expect(answer.status).toBe(303);
  const location = answer.headers.get("location")!;
  const page = await fetch(new URL(location, server.base), {
    headers: { cookie: `${owner.cookie}; staff-lang=${lang}` },
  });
  return { location, status: page.status, html: await page.text() };
}

const ODD = [
  "Party; night.jpg",
  "size=large.jpg",
  'say "cheese"; ok=yes.jpg',
  "Šibenik — ночь 夜 🎉👨‍👩‍👧.jpg",
  `invoice\u202Egpj.exe.jpg`,
  `${"Dugo ime fotografije s mora ".repeat(72)}.jpg`,
];

test("every odd name is taken: the photo stored under its cleaned name, shown inert in <bdi>", async () => {
  expect(ODD[5]!.length).toBeGreaterThan(2_000);
  const photo = await bad.smallJpeg(64, 48);
  const answer = await upload(
    owner,
    "vip",
    ODD.map((name) => ({ name, bytes: photo })),
  );
  const after = await pageAfter(answer);
  expect(after.status).toBe(200);
  expect(after.html).toContain(html(SITE.en.uploadedOk(ODD.length)));
  const cleaned = ODD.map(cleanFileName);
  expect(storedNames().map((p) => p.fileName)).toEqual(cleaned);
  expect(cleaned[4]).toBe("invoicegpj.exe.jpg");
  expect(cleaned[5]!.endsWith(".jpg")).toBe(true);
  expect(cleaned[5]).toContain("…");

  // The same names refused (not photos): each named in its refusal line, isolated; in Croatian too.
  const refused = await pageAfter(
    await upload(
      owner,
      "vip",
      ODD.map((name) => ({ name, bytes: bad.textRenamedJpg() })),
    ),
  );
  expect(refused.status).toBe(200);
  expect(refused.location.length).toBeLessThan(200);
  const line = (lang: "en" | "hr", name: string) =>
    `<bdi>${html(name)}</bdi>${html(SITE[lang].refusedFile("", SITE[lang].refusal.unknown))}`;
  for (const name of cleaned) expect(refused.html).toContain(line("en", name));
  expect(refused.html).not.toContain("\u202E");
  const hr = await pageAfter(await upload(owner, "vip", [{ name: ODD[4]!, bytes: bad.textRenamedJpg() }]), "hr");
  expect(hr.html).toContain(line("hr", cleaned[4]!));
  expect(hr.html).not.toContain("\u202E");
  expect(storedNames()).toHaveLength(ODD.length);

  // A removed photo is listed by its name too, isolated the same way.
  await processed(owner, "vip");
  const rtl = storedNames().find((p) => p.fileName === cleaned[4])!;
  expect((await siteForm(owner, "/staff/site/vip", { intent: "remove", photo: rtl.id })).status).toBeLessThan(400);
  const gallery = await (await fetch(`${server.base}/staff/site/vip`, { headers: { cookie: owner.cookie } })).text();
  expect(gallery).toContain(`<bdi>${html(cleaned[4]!)}</bdi>`);
  expect(gallery).not.toContain("\u202E");
});

test("the page's script gets the same names in its JSON, in the shape it reads", async () => {
  const photo = await bad.smallJpeg(64, 48);
  const ok = await upload(owner, "events", [{ name: "Party; night.jpg", bytes: photo }], { json: true });
  expect(ok.status).toBe(200);
  expect(await ok.json()).toEqual({ added: 1, refused: [] });
  const no = await upload(owner, "events", [{ name: 'a\u202Eb=c; "d".jpg', bytes: bad.textRenamedJpg() }], {
    json: true,
  });
  expect(no.status).toBe(422);
  expect(await no.json()).toEqual({ added: 0, refused: [{ fileName: 'ab=c; "d".jpg', refusal: "unknown" }] });
});

/** A body of `total` bytes sent chunked (no Content-Length) as fast as the server takes it, until its answer comes. */
function chunkedUpload(total: number, { json }: { json: boolean }) {
  const boundary = "----chunkedBoundary7MA4YWxkTrZu0gW";
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="gallery"\r\n\r\nhome\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  return new Promise<{
    status: number;
    location?: string;
    body: string;
    sent: number;
    ms: number;
    connection?: string;
  }>((resolve, reject) => {
    const started = Date.now();
    let sent = 0;
    let answered = false;
    const req = httpRequest(
      `${server.base}/staff/site/upload`,
      {
        method: "POST",
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "transfer-encoding": "chunked",
          cookie: owner.cookie,
          origin: server.base,
          ...(json ? { accept: "application/json" } : {}),
        },
      },
      (res) => {
        answered = true;
        let body = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (body += d));
        res.on("end", () => {
          resolve({
            status: res.statusCode!,
            location: res.headers.location,
            body,
            sent,
            ms: Date.now() - started,
            connection: res.headers.connection,
          });
          req.destroy();
        });
      },
    );
    req.on("error", (error) => (answered ? undefined : reject(error)));
    const piece = Buffer.alloc(64 * 1024, 0x5a);
    const pump = () => {
      if (sent === 0) {
        req.write(head);
        sent += head.length;
      }
      while (!answered && sent < total) {
        sent += piece.length;
        if (!req.write(piece)) return void req.once("drain", pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

test("an oversize body without a declared length is answered: 413 to the script, the refusal page to the form", async () => {
  const bound = UPLOAD_MB * 1024 * 1024;
  // More than the bound, the server's lingering drain after its answer (16 MB) and both sockets' buffers together.
  const script = await chunkedUpload(16 * bound, { json: true });
  expect(script.status).toBe(413);
  expect(JSON.parse(script.body)).toEqual({ error: "too-large" });
  expect(script.connection).toBe("close");
  expect(script.sent).toBeLessThan(16 * bound);

  const form = await chunkedUpload(3 * bound, { json: false });
  expect(form.status).toBe(303);
  expect(form.location).toMatch(/^\/staff\/site\/home\?upload=[\w-]{22}#upload$/);
  const page = await fetch(new URL(form.location!, server.base), { headers: { cookie: owner.cookie } });
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(html(SITE.en.tooLargeUpload(UPLOAD_MB)));

  // Still healthy, and a normal upload goes through on a new connection.
  expect((await fetch(`${server.base}/healthz`)).status).toBe(200);
  const next = await upload(owner, "home", [{ name: "after.jpg", bytes: await bad.smallJpeg(64, 48) }], { json: true });
  expect(await next.json()).toEqual({ added: 1, refused: [] });
});

test("twenty refusals with long non-Latin names: a short Location, every one listed", async ({ browser }) => {
  const names = Array.from(
    { length: 20 },
    (_, i) =>
      `${String(i).padStart(2, "0")} ${"Фотографија са журке у клубу ".repeat(4)}夜景写真`.slice(0, 116) + ".jpg",
  );
  expect(names.every((n) => n.length === 120 && cleanFileName(n) === n)).toBe(true);
  const answer = await upload(
    owner,
    "concierge",
    names.map((name) => ({ name, bytes: bad.textRenamedJpg() })),
  );
  const after = await pageAfter(answer, "hr");
  expect(after.location.length).toBeLessThan(200);
  expect(after.status).toBe(200);
  expect(after.html.match(/<li><bdi>/g)).toHaveLength(20);
  // As the browser shows the page the plain form returns to: every name whole, in its own isolate, with why.
  const context = await browser.newContext({ javaScriptEnabled: false, extraHTTPHeaders: { cookie: owner.cookie } });
  try {
    const page = await context.newPage();
    expect((await page.goto(new URL(after.location, server.base).href))?.status()).toBe(200);
    const lines = page.getByRole("alert").locator("li");
    await expect(lines.locator("bdi")).toHaveText(names);
    await expect(lines.first()).toHaveText(SITE.en.refusedFile(names[0]!, SITE.en.refusal.unknown));
  } finally {
    await context.close();
  }
});
