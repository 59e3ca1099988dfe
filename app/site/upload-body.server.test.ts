import { describe, expect, it } from "vitest";
import { cleanFileName, NAME_GRAPHEMES, NAME_UNITS, NO_NAME } from "./file-name";
import { readUpload } from "./upload-body.server";

const LIMITS = { maxBytes: 1_000, maxFiles: 5, maxUploadBytes: 20_000 };
const BOUNDARY = "----WebKitFormBoundaryQ3dnhXy7Zz";
const TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A part as a browser writes it: the disposition's bytes exactly as given (Chrome sends UTF-8 and `;` `=` raw). */
const part = (disposition: string, body: Buffer | string, type?: string) =>
  Buffer.concat([
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ""}\r\n`,
    ),
    Buffer.from(body),
    Buffer.from("\r\n"),
  ]);
const field = (name: string, value: string) => part(`name="${name}"`, value);
const file = (filenameParam: string, bytes: Buffer | string = "photo-bytes") =>
  part(`name="photos"; ${filenameParam}`, bytes, "image/jpeg");
const body = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);

/** A request whose body arrives in pieces, with no declared length (as chunked transfer), counting what was pulled. */
function streamed(
  bytes: Buffer,
  { piece = 4_096, type = TYPE, length }: { piece?: number; type?: string; length?: number } = {},
) {
  const seen = { pulled: 0, cancelled: false };
  let offset = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      const chunk = bytes.subarray(offset, offset + piece);
      offset += chunk.length;
      seen.pulled += chunk.length;
      controller.enqueue(new Uint8Array(chunk));
    },
    cancel() {
      seen.cancelled = true;
    },
  });
  const headers: Record<string, string> = { "content-type": type };
  if (length !== undefined) headers["content-length"] = String(length);
  const request = new Request("http://localhost/staff/site/upload", {
    method: "POST",
    headers,
    body: stream,
    duplex: "half",
  } as RequestInit);
  return { request, seen };
}

const read = (bytes: Buffer, limits = LIMITS) => readUpload(streamed(bytes).request, limits);

describe("readUpload: every name a browser or phone sends", () => {
  const names: [string, string, string][] = [
    // [what, the filename parameter as sent, the name kept]
    ["a semicolon", 'filename="Party; night.jpg"', "Party; night.jpg"],
    ["an equals sign", 'filename="size=large.jpg"', "size=large.jpg"],
    ["both, and a quoted-looking tail", 'filename="a; b=c; filename=x.jpg"', "a; b=c; filename=x.jpg"],
    ["a quote as HTML escapes it (%22)", 'filename="say %22cheese%22.jpg"', 'say "cheese".jpg'],
    ['a quote as RFC 7578 allows (\\")', 'filename="say \\"cheese\\"; ok.jpg"', 'say "cheese"; ok.jpg'],
    ["Croatian and Cyrillic", 'filename="Šibenik — ночь.jpg"', "Šibenik — ночь.jpg"],
    ["emoji", 'filename="🎉 party 👨‍👩‍👧.jpg"', "🎉 party 👨‍👩‍👧.jpg"],
    ["RFC 5987 filename*", "filename*=UTF-8''%C5%A0ibenik%3B%20no%C4%87%20%F0%9F%8E%89.jpg", "Šibenik; noć 🎉.jpg"],
    // Busboy reads a plain `filename` first and stops there: the client's own fallback is the name (decision 0041).
    [
      "filename* after a fallback",
      "filename=\"fallback.jpg\"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.jpg",
      "fallback.jpg",
    ],
    ["a right-to-left override (removed)", 'filename="photo\u202Egpj.exe"', "photogpj.exe"],
    ["isolates and marks (removed)", 'filename="\u2067abc\u2069\u200F\u061C.jpg"', "abc.jpg"],
    ["decomposed letters (NFC)", 'filename="C\u030Cevapi.jpg"', "Čevapi.jpg"],
  ];
  for (const [what, param, kept] of names)
    it(`takes a name with ${what}`, async () => {
      const got = await read(body(field("gallery", "vip"), file(param, "JPEGBYTES")));
      expect(got).toEqual({
        ok: true,
        fields: { gallery: "vip" },
        files: [{ fileName: kept, bytes: Buffer.from("JPEGBYTES") }],
      });
    });

  it("takes a 2,000-character name, shortened in the middle with its extension kept", async () => {
    const long = `${"日本語のなまえ🎉".repeat(250)}.jpeg`;
    expect(Array.from(long).length).toBeGreaterThan(2_000);
    const got = await read(body(file(`filename="${long}"`, "x")));
    expect(got.ok).toBe(true);
    const name = got.ok ? got.files[0]!.fileName : "";
    expect(name.startsWith("日本語のなまえ🎉日本語")).toBe(true);
    expect(name.endsWith(".jpeg")).toBe(true);
    expect(name).toContain("…");
    expect(name.length).toBeLessThanOrEqual(NAME_UNITS);
    expect(Array.from(new Intl.Segmenter().segment(name)).length).toBeLessThanOrEqual(NAME_GRAPHEMES);
    // No half of a surrogate pair anywhere.
    expect(name).toBe(Buffer.from(name, "utf8").toString("utf8"));
  });

  it("keeps each file's bytes exactly, binary and all, in order", async () => {
    const a = Buffer.from(Array.from({ length: 900 }, (_, i) => i % 256));
    const b = Buffer.concat([Buffer.from(`\r\n--${BOUNDARY.slice(0, 10)}`), a.subarray(0, 100)]);
    const got = await read(body(file('filename="a.jpg"', a), field("gallery", "home"), file('filename="b.jpg"', b)));
    expect(got).toEqual({
      ok: true,
      fields: { gallery: "home" },
      files: [
        { fileName: "a.jpg", bytes: a },
        { fileName: "b.jpg", bytes: b },
      ],
    });
  });
});

describe("cleanFileName", () => {
  it("removes C0 and C1 controls and every bidi control; keeps what a person typed", () => {
    expect(cleanFileName("a\u0000b\u0007c\u001b[31m\u0085d\u009f.jpg")).toBe("abc[31md.jpg");
    expect(
      cleanFileName("\u202Aa\u202Bb\u202Cc\u202Dd\u202Ee\u2066f\u2067g\u2068h\u2069i\u200Ej\u200Fk\u061Cl.png"),
    ).toBe("abcdefghijkl.png");
    expect(cleanFileName("line%0Abreak%0d.jpg")).toBe("linebreak.jpg");
    expect(cleanFileName("  Party; night = 100%.jpg  ")).toBe("Party; night = 100%.jpg");
  });
  it("a name that was nothing but controls becomes a visible placeholder", () => {
    expect(cleanFileName("\u202E\u0001\u200F")).toBe(NO_NAME);
    // Invisible alone: zero-width space, BOM, word joiner, no-break space.
    expect(cleanFileName("\u200B\uFEFF\u2060\u00A0")).toBe(NO_NAME);
    // Kept where they join something visible: an emoji family is one picture, not three.
    expect(cleanFileName("👨\u200D👩\u200D👧.jpg")).toBe("👨\u200D👩\u200D👧.jpg");
  });
  it("a short name is left as it is; a long one keeps its start and its extension", () => {
    expect(cleanFileName("a".repeat(NAME_GRAPHEMES))).toBe("a".repeat(NAME_GRAPHEMES));
    const cut = cleanFileName(`${"b".repeat(2_000)}.webp`);
    expect(cut).toMatch(/^b+…b+\.webp$/);
    expect(Array.from(cut)).toHaveLength(NAME_GRAPHEMES);
    // A family emoji is one character to a person: never split.
    const family = cleanFileName(`${"👨‍👩‍👧‍👦".repeat(300)}.jpg`);
    expect(family.length).toBeLessThanOrEqual(NAME_UNITS);
    expect(family.replace(/(👨‍👩‍👧‍👦)|…|\.jpg/gu, "")).toBe("");
  });
});

describe("readUpload: its bounds", () => {
  it("a file over maxBytes is refused by name, its bytes dropped; the others kept", async () => {
    const got = await read(
      body(
        file('filename="ok.jpg"', "small"),
        file('filename="big; one.jpg"', Buffer.alloc(5_000, 1)),
        field("gallery", "vip"),
      ),
    );
    expect(got).toEqual({
      ok: true,
      fields: { gallery: "vip" },
      files: [
        { fileName: "ok.jpg", bytes: Buffer.from("small") },
        { fileName: "big; one.jpg", tooLarge: true },
      ],
    });
  });

  it("one file more than maxFiles refuses the whole upload", async () => {
    const many = Array.from({ length: 6 }, (_, i) => file(`filename="p${i}.jpg"`));
    expect(await read(body(field("gallery", "vip"), ...many))).toEqual({
      ok: false,
      status: 413,
      reason: "too-many-files",
      fields: { gallery: "vip" },
    });
  });

  it("an empty file input is no file", async () => {
    const got = await read(
      body(field("gallery", "vip"), part('name="photos"; filename=""', "", "application/octet-stream")),
    );
    expect(got).toEqual({ ok: true, fields: { gallery: "vip" }, files: [] });
  });

  it("a text field over its bound is refused as too large", async () => {
    expect(await read(body(field("gallery", "x".repeat(2_000))))).toMatchObject({
      ok: false,
      status: 413,
      reason: "too-large",
    });
  });

  it("a declared length over the bound is refused before a byte is read", async () => {
    const { request, seen } = streamed(body(file('filename="a.jpg"')), { length: LIMITS.maxUploadBytes + 1 });
    expect(await readUpload(request, LIMITS)).toEqual({ ok: false, status: 413, reason: "too-large" });
    expect(request.bodyUsed).toBe(false);
    expect(seen.cancelled).toBe(false);
  });

  it("a body with no declared length (chunked) over the bound: refused as it passes it, nothing read past it, not cancelled", async () => {
    const huge = body(field("gallery", "events"), file('filename="a.jpg"', Buffer.alloc(3 * LIMITS.maxUploadBytes, 7)));
    const { request, seen } = streamed(huge, { piece: 1_000 });
    const got = await readUpload(request, { ...LIMITS, maxBytes: 10 * LIMITS.maxUploadBytes });
    expect(got).toEqual({ ok: false, status: 413, reason: "too-large", fields: { gallery: "events" } });
    // The chunk that passed the bound, and what the stream's queue asked for ahead: far from the 60 KB sent.
    expect(seen.pulled).toBeLessThanOrEqual(LIMITS.maxUploadBytes + 2_000);
    // Cancelling would destroy the socket before the answer: the body is left for the server to drain.
    expect(seen.cancelled).toBe(false);
    expect(request.bodyUsed).toBe(true);
  });

  it("a body of exactly the bound is read whole", async () => {
    const head = body(field("gallery", "vip"), file('filename="a.jpg"', ""));
    const exact = body(
      field("gallery", "vip"),
      file('filename="a.jpg"', Buffer.alloc(LIMITS.maxUploadBytes - head.length, 2)),
    );
    expect(exact.length).toBe(LIMITS.maxUploadBytes);
    const got = await read(exact, { ...LIMITS, maxBytes: LIMITS.maxUploadBytes });
    expect(got.ok).toBe(true);
  });

  it("10,000 parts: read through, only the first few fields kept", async () => {
    const parts = Array.from({ length: 10_000 }, (_, i) => field(`f${i}`, "x"));
    const got = await read(body(field("gallery", "vip"), ...parts), { ...LIMITS, maxUploadBytes: 10_000_000 });
    expect(got.ok).toBe(true);
    expect(got.ok && Object.keys(got.fields).length).toBeLessThanOrEqual(8);
    expect(got.fields?.gallery).toBe("vip");
  });

  it("a 1 MB part header: its excess dropped as it arrives, the upload still read", async () => {
    const header = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="photos"; filename="a.jpg"\r\nX-Pad: ${"p".repeat(1_048_576)}\r\n\r\nJPEG\r\n`;
    const before = process.memoryUsage().heapUsed;
    const got = await read(body(field("gallery", "vip"), Buffer.from(header)), {
      ...LIMITS,
      maxUploadBytes: 2_000_000,
    });
    expect(got).toEqual({
      ok: true,
      fields: { gallery: "vip" },
      files: [{ fileName: "a.jpg", bytes: Buffer.from("JPEG") }],
    });
    expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
  });

  it("what is not a multipart form: 415; a broken one: 400", async () => {
    expect(
      await readUpload(streamed(Buffer.from("a=b"), { type: "application/x-www-form-urlencoded" }).request, LIMITS),
    ).toEqual({
      ok: false,
      status: 415,
      reason: "not-multipart",
    });
    expect(
      await readUpload(streamed(Buffer.from("--x\r\n"), { type: "multipart/form-data" }).request, LIMITS),
    ).toMatchObject({
      ok: false,
      status: 400,
      reason: "unreadable",
    });
    const whole = body(field("gallery", "vip"));
    const as = (type: string, bytes = whole) => readUpload(streamed(bytes, { type }).request, LIMITS);
    expect(await as("multipart/form-data; boundary=Other")).toMatchObject({ status: 400, reason: "unreadable" });
    expect(await as(TYPE, whole.subarray(0, whole.length - BOUNDARY.length - 6))).toMatchObject({ status: 400 });
    expect(await as(`multipart/form-data; boundary="${BOUNDARY}"`)).toEqual({
      ok: true,
      fields: { gallery: "vip" },
      files: [],
    });
    const cut = body(field("gallery", "vip"), file('filename="a.jpg"', "abcdef")).subarray(0, 150);
    expect(await read(cut)).toMatchObject({ ok: false, status: 400, reason: "unreadable" });
  });
});
