import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { EMPTY_ENQUIRY } from "~/content/enquiry-fields";
import { DEFAULT_CONTACT } from "~/content/site";
import type { ContactActionData } from "~/enquiry/answers.server";
import { sqliteStore } from "../../tests/support/delivery-testbed";

// The route's own action, configured through the environment as in production, storing into
// a real SQLite database. It calls nothing on the network: delivery is the worker's
// (app/delivery/worker.server.test.ts).

const VALID = {
  name: "Marko Marić",
  email: "marko@example.com",
  number: "+385 91 234 5678",
  category: "Event organization",
  message: "A birthday on a boat for twenty people in July.",
  website: "",
};

let outbox: string;
beforeEach(async () => {
  outbox = await mkdtemp(path.join(tmpdir(), "outbox-"));
  // Quiet: log() writes its JSON lines to stdout and stderr.
  for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, "write").mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  await rm(outbox, { recursive: true, force: true });
});

/** The enquiries the action has stored (accepted), oldest first. */
async function stored() {
  const store = sqliteStore(path.join(outbox, "site.db"));
  try {
    return (await store.scan("pending")).records;
  } finally {
    await store.close();
  }
}

/** The enquiries the spam rules caught: why, their reference, how many deliveries they have. */
async function caught() {
  const db = new Database(path.join(outbox, "site.db"), { readonly: true });
  try {
    return db
      .prepare(
        "SELECT spam, reference, (SELECT count(*) FROM deliveries d WHERE d.enquiry_id = e.id) AS deliveries FROM enquiries e WHERE spam IS NOT NULL ORDER BY received_at",
      )
      .all() as { spam: string; reference: string; deliveries: number }[];
  } finally {
    db.close();
  }
}

/** The contact route's action, imported afresh under this configuration. */
async function makeAction(
  overrides: { rateMax?: number; trustedProxyHeader?: string; honeypot?: boolean; databaseFile?: string } = {},
) {
  const config: Record<string, string> = {
    EMAILJS_SERVICE_ID: "s",
    EMAILJS_TEMPLATE_ID: "t",
    EMAILJS_PUBLIC_KEY: "p",
    DATABASE_URL: `file:${overrides.databaseFile ?? path.join(outbox, "site.db")}`,
    RATE_LIMIT_MAX: String(overrides.rateMax ?? 100),
    RATE_LIMIT_WINDOW_SECONDS: "60",
    TRUST_PROXY_HEADER: overrides.trustedProxyHeader ?? "",
    HONEYPOT: String(overrides.honeypot ?? true),
    // Fixed, so the toast cookie this file reads back is signed with the action's secret.
    SESSION_SECRET: "unit-test-session-secret-0123456789abcdef",
  };
  for (const [name, value] of Object.entries(config)) vi.stubEnv(name, value);
  vi.resetModules();
  return (await import("./contact")).action;
}

type Body = BodyInit | Record<string, string>;
function post(
  body: Body,
  headers: Record<string, string> = {},
  encoding: "multipart" | "urlencoded" = "urlencoded",
  path = "/contact",
) {
  let init: RequestInit;
  if (
    typeof body === "object" &&
    !(body instanceof FormData) &&
    !(body instanceof URLSearchParams) &&
    !(body instanceof Uint8Array) &&
    !(body instanceof ReadableStream)
  ) {
    if (encoding === "multipart") {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.append(k, v);
      init = { body: form };
    } else {
      init = { body: new URLSearchParams(body as Record<string, string>) };
    }
  } else {
    init = { body: body as BodyInit };
  }
  return new Request(`http://localhost${path}`, { method: "POST", ...init, headers, duplex: "half" } as RequestInit);
}

type Action = Awaited<ReturnType<typeof makeAction>>;
async function run(action: Action | Promise<Action>, request: Request, clientAddress = "10.0.0.1") {
  const result = (await (
    await action
  )({ request, context: { clientAddress, requestId: "test" }, params: {} })) as unknown;
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined };
  const { data, init } = result as { data: ContactActionData; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

/** The toast a response's cookie carries, read with the action's own module instance. */
async function toastFrom(headers: Headers) {
  const { getToast } = await import("~/utils/toast.server");
  const cookie = headers.get("set-cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost/contact", { headers: { cookie } }))).toast;
}

describe("POST /contact", () => {
  for (const encoding of ["urlencoded", "multipart"] as const) {
    it(`stores a valid ${encoding} enquiry and redirects with the success toast`, async () => {
      const res = await run(makeAction(), post(VALID, {}, encoding));
      expect(res.status).toBe(302);
      // To the form's place on the page: the thanks and the reference are shown there.
      expect(res.headers.get("location")).toBe("/contact#enquiry");
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const records = await stored();
      expect(records).toHaveLength(1);
      // The visitor is told the enquiry's reference (the one stored), under the message.
      expect(await toastFrom(res.headers)).toEqual({
        type: "success",
        message: "Form successfully submitted!",
        description: `Your reference: ${records[0]!.reference}. Quote it if you call or write to us.`,
      });
      expect(records[0]!.reference).toMatch(/^[A-HJKMNP-TW-Z2-9]{4}-[A-HJKMNP-TW-Z2-9]{4}$/);
      // Stored under the record's names: the form's `number` is the record's `phone`.
      const { number, ...fields } = pick(VALID);
      expect(records[0]!.enquiry).toEqual({ ...fields, phone: number, language: "en", page: "/contact" });
    });
  }

  it("answers in Croatian from the Croatian contact page, and stores the language with the enquiry", async () => {
    const action = makeAction();
    const ok = await run(action, post(VALID, {}, "urlencoded", "/hr/contact"));
    expect(ok.headers.get("location")).toBe("/hr/contact#enquiry");
    expect(await toastFrom(ok.headers)).toMatchObject({
      type: "success",
      message: "Poruka je uspješno poslana!",
      description: expect.stringMatching(/^Vaša oznaka upita: [A-Z0-9]{4}-[A-Z0-9]{4}\. /),
    });
    const records = await stored();
    expect(records[0]!.enquiry).toMatchObject({ category: VALID.category, language: "hr" });

    const bad = await run(action, post({ ...VALID, name: "", email: "nope" }, {}, "urlencoded", "/hr/contact"));
    expect(bad.status).toBe(400);
    expect(bad.data!.toast.message).toBe("Molimo ispunite sva polja obrasca.");
    expect(bad.data!.fieldErrors).toEqual({
      name: "Upišite svoje ime.",
      email: "Upišite ispravnu e-mail adresu, npr. ime@primjer.hr.",
    });
  });

  it("stores the same enquiry posted twice at once (a double tap) once, and both answers name it", async () => {
    const action = await makeAction();
    const [first, second] = await Promise.all([run(action, post(VALID)), run(action, post(VALID))]);
    const records = await stored();
    expect(records).toHaveLength(1);
    for (const answer of [first, second]) {
      expect(answer.status).toBe(302);
      expect((await toastFrom(answer.headers))?.description).toContain(records[0]!.reference);
    }
    // Sent again a little later (the back button, then Send): the same answer, still one stored.
    const again = await run(action, post(VALID));
    expect((await toastFrom(again.headers))?.description).toContain(records[0]!.reference);
    // Another enquiry from the same visitor is its own.
    await run(action, post({ ...VALID, message: "And a table on Saturday." }));
    expect(await stored()).toHaveLength(2);
  });

  it("signs the toast cookie: a forged one shows nothing", async () => {
    const res = await run(makeAction(), post(VALID));
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    const { getToast } = await import("~/utils/toast.server");
    const forged = Buffer.from(JSON.stringify({ __flash_toast__: { message: "Forged", type: "success" } })).toString(
      "base64",
    );
    const { toast } = await getToast(new Request("http://localhost/", { headers: { cookie: `toast=${forged}` } }));
    expect(toast).toBeUndefined();
  });

  it.each(["name", "email", "number", "category", "message"])(
    "with %s empty sends nothing and warns, keeping the values",
    async (field) => {
      const res = await run(makeAction(), post({ ...VALID, [field]: "   " }));
      expect(res.status).toBe(400);
      expect(res.data!.toast).toEqual({ type: "warning", message: "Please fill out all the form fields." });
      expect(res.data!.fieldErrors[field as keyof ContactActionData["fieldErrors"]]).toBeTruthy();
      expect(res.data!.values).toEqual({ ...formValues(VALID), [field]: "" });
      expect(await stored()).toHaveLength(0);
    },
  );

  it("refuses an unknown category and a malformed e-mail with field messages", async () => {
    const res = await run(makeAction(), post({ ...VALID, category: "Yacht heist", email: "marko@" }));
    expect(res.status).toBe(400);
    expect(res.data!.toast.type).toBe("warning");
    expect(res.data!.fieldErrors).toEqual({
      category: "Please choose a category.",
      email: expect.stringMatching(/valid e-mail/),
    });
    expect(await stored()).toHaveLength(0);
  });

  it("bounds lengths a real enquiry never reaches", async () => {
    const res = await run(makeAction(), post({ ...VALID, name: "x".repeat(101), message: "y".repeat(5001) }));
    expect(res.status).toBe(400);
    expect(Object.keys(res.data!.fieldErrors).sort()).toEqual(["message", "name"]);
  });

  it("strips control characters and folds line breaks in one-line fields", async () => {
    const res = await run(makeAction(), post({ ...VALID, name: "Marko\r\nBcc: evil@example.com\u0000" }));
    expect(res.status).toBe(302);
    expect((await stored())[0]!.enquiry.name).toBe("Marko Bcc: evil@example.com");
  });

  it("keeps every value and shows the error toast when the database cannot be written", async () => {
    const blocked = path.join(outbox, "a-file");
    await writeFile(blocked, "");
    const message = "Helicopter to Hvar, please";
    const res = await run(makeAction({ databaseFile: path.join(blocked, "site.db") }), post({ ...VALID, message }));
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(res.data!.values).toEqual({ ...formValues(VALID), message });
    expect(res.data!.toast).toMatchObject({ type: "error", message: "Sorry, your message was not sent." });
    expect(res.data!.toast.description).toContain(DEFAULT_CONTACT.email);
    expect(res.data!.toast.description).toContain(DEFAULT_CONTACT.phone);
  });

  it("answers every visitor of a shared commit that fails 503 with their values kept, and stores none of them", async () => {
    const action = makeAction();
    expect((await run(action, post(VALID))).status).toBe(302); // the database and its tables exist
    // What another program could add: a deferred constraint one enquiry breaks, met only at COMMIT.
    const db = new Database(path.join(outbox, "site.db"));
    db.exec(`CREATE TABLE test_parent (id INTEGER PRIMARY KEY);
             CREATE TABLE test_child (parent INTEGER REFERENCES test_parent (id) DEFERRABLE INITIALLY DEFERRED);
             CREATE TRIGGER test_refuse_at_commit AFTER INSERT ON enquiries WHEN NEW.message LIKE '%[refused at commit]%'
               BEGIN INSERT INTO test_child VALUES (1); END;`);
    db.close();
    const messages = ["Dinner for two", "A boat to Vis", "Refused [refused at commit]", "Club table", "Airport pickup"];
    const answers = await Promise.all(
      messages.map((message, n) => run(action, post({ ...VALID, message }), `10.0.1.${n}`)),
    );
    for (const [n, res] of answers.entries()) {
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBeTruthy();
      expect(res.data!.values).toEqual({ ...formValues(VALID), message: messages[n] });
      expect(res.data!.toast).toMatchObject({ type: "error", message: "Sorry, your message was not sent." });
    }
    expect((await stored()).map((r) => r.enquiry.message)).toEqual([VALID.message]);
  });

  it("answers 405 to methods other than POST", async () => {
    const request = new Request("http://localhost/contact", { method: "PUT", body: new URLSearchParams(VALID) });
    const res = await run(makeAction(), request);
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, HEAD, POST");
    expect(await stored()).toHaveLength(0);
  });

  describe("honeypot", () => {
    /** The log lines of one event this request wrote. */
    const logged = (event: string) =>
      vi
        .mocked(process.stderr.write)
        .mock.calls.map(([chunk]) => String(chunk))
        .filter((line) => line.includes(`"event":"${event}"`))
        .map((line) => JSON.parse(line) as Record<string, unknown>);

    it("a filled honeypot gets exactly the answer a person gets; it is kept for the Spam view, sent nowhere", async () => {
      const person = await run(makeAction(), post(VALID));
      const bot = await run(makeAction(), post({ ...VALID, website: "http://spam.example" }));
      expect(bot.status).toBe(person.status);
      expect(bot.headers.get("location")).toBe(person.headers.get("location"));
      expect(bot.headers.get("cache-control")).toBe(person.headers.get("cache-control"));
      // The same answer, with a reference of the same shape: the caught enquiry's own.
      const shape = (toast: unknown) => JSON.stringify(toast).replace(/[A-Z0-9]{4}-[A-Z0-9]{4}/g, "REF");
      const botToast = await toastFrom(bot.headers);
      expect(shape(botToast)).toBe(shape(await toastFrom(person.headers)));
      expect((await stored()).map((r) => r.enquiry.message)).toEqual([VALID.message]); // only the person's is delivered
      const kept = await caught();
      expect(kept).toEqual([{ spam: "honeypot", reference: expect.any(String), deliveries: 0 }]);
      expect(JSON.stringify(botToast)).toContain(kept[0]!.reference);
      expect(logged("enquiry.caught")).toEqual([expect.objectContaining({ reasons: ["honeypot"] })]);
    });

    it("a post without the honeypot field at all is caught too (remix-utils would let it through)", async () => {
      const { website: _omit, ...withoutTrap } = VALID;
      const res = await run(makeAction(), post(withoutTrap));
      expect(res.status).toBe(302);
      expect(await toastFrom(res.headers)).toMatchObject({ type: "success" });
      expect(await stored()).toHaveLength(0);
      expect(await caught()).toEqual([expect.objectContaining({ spam: "honeypot", deliveries: 0 })]);
    });

    it("a form sent within seconds of its page is caught; one with an old, missing or unstamped time is not", async () => {
      const { formTimeToken } = await import("~/utils/form-time.server");
      const action = makeAction();
      const fast = await run(action, post({ ...VALID, form_time: formTimeToken(Date.now() - 500) }));
      expect(fast.status).toBe(302);
      expect(await caught()).toEqual([expect.objectContaining({ spam: "too-fast" })]);
      for (const [i, form_time] of [formTimeToken(Date.now() - 60_000), "unstamped", undefined].entries()) {
        const fields = { ...VALID, message: `${VALID.message} (${i})` };
        const res = await run(action, post(form_time === undefined ? fields : { ...fields, form_time }));
        expect(res.status).toBe(302);
      }
      expect(await stored()).toHaveLength(3);
      expect(await caught()).toHaveLength(1);
    });

    it("ten people sending one short question within the hour, from one address: ten delivered, none caught; one sender repeating it is", async () => {
      const action = makeAction();
      for (let i = 0; i < 10; i++) {
        const guest = {
          ...VALID,
          name: `Guest ${i}`,
          email: `guest${i}@example.com`,
          number: `+385 98 100 ${String(i).padStart(4, "0")}`,
          message: "VIP table tonight?",
        };
        // The same address for all (a club's Wi-Fi): the address is no sender.
        expect((await run(action, post(guest), "10.0.0.7")).status).toBe(302);
      }
      expect(await caught()).toEqual([]);
      const delivered = (await stored()).filter((r) => r.enquiry.message === "VIP table tonight?");
      expect(delivered).toHaveLength(10);
      // A bot: the same short text from one e-mail address, a new name and phone each time
      // (so not "the same enquiry"): from the fifth on (SPAM_REPEAT_COUNT's default), caught.
      for (let i = 0; i < 6; i++) {
        const bot = { ...VALID, name: `Bot ${i}`, number: `+1 555 010 ${1000 + i}`, message: "Price?" };
        expect((await run(action, post(bot), `10.9.0.${i}`)).status).toBe(302);
      }
      expect((await caught()).map((c) => c.spam)).toEqual(["repeated", "repeated"]);
      expect((await stored()).filter((r) => r.enquiry.message === "Price?")).toHaveLength(4);
    });

    it("can be switched off: then a post without the field is stored", async () => {
      const { website: _omit, ...withoutTrap } = VALID;
      expect((await run(makeAction({ honeypot: false }), post(withoutTrap))).status).toBe(302);
      expect(await stored()).toHaveLength(1);
      expect(logged("enquiry.caught")).toEqual([]);
    });
  });

  describe("rate limit", () => {
    it("answers 429 with a clear toast and the values kept after the limit", async () => {
      const action = await makeAction({ rateMax: 2 });
      const another = (n: number) => ({ ...VALID, message: `${VALID.message} (${n})` });
      expect((await run(action, post(another(1)))).status).toBe(302);
      expect((await run(action, post(another(2)))).status).toBe(302);
      const res = await run(action, post(another(3)));
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(res.data!.toast).toMatchObject({ type: "warning", message: "Too many messages in a short time." });
      expect(res.data!.values).toEqual(formValues(another(3)));
      expect(await stored()).toHaveLength(2);
      // Another client is not affected.
      expect((await run(action, post(VALID), "10.0.0.2")).status).toBe(302);
    });

    it("keys on the address the trusted proxy appended, not on what the client wrote before it", async () => {
      const action = await makeAction({ rateMax: 1, trustedProxyHeader: "x-forwarded-for" });
      // The proxy (10.9.9.9) appends the address it saw; whatever the client sent stays to its left.
      const via = (clientWrote: string, proxySaw: string) =>
        post(VALID, { "x-forwarded-for": clientWrote ? `${clientWrote}, ${proxySaw}` : proxySaw });
      expect((await run(action, via("", "203.0.113.1"), "10.9.9.9")).status).toBe(302);
      expect((await run(action, via("203.0.113.2", "203.0.113.1"), "10.9.9.9")).status).toBe(429);
      expect((await run(action, via("198.51.100.7, 192.0.2.1", "203.0.113.1"), "10.9.9.9")).status).toBe(429);
      // Another visitor behind the same proxy is counted on their own.
      expect((await run(action, via("203.0.113.1", "203.0.113.9"), "10.9.9.9")).status).toBe(302);
    });

    it("counts an IPv6 visitor by their /64, and a header that is not an address as the proxy", async () => {
      const action = await makeAction({ rateMax: 1, trustedProxyHeader: "cf-connecting-ip" });
      const from = (value: string) => post(VALID, { "cf-connecting-ip": value });
      expect((await run(action, from("2001:db8:1:2::1"), "10.9.9.9")).status).toBe(302);
      expect((await run(action, from("2001:db8:1:2:ffff::9"), "10.9.9.9")).status).toBe(429);
      expect((await run(action, from("not-an-address"), "10.9.9.9")).status).toBe(302);
      expect((await run(action, from("another garbage"), "10.9.9.9")).status).toBe(429);
    });

    it("ignores that header when it is not trusted", async () => {
      const action = await makeAction({ rateMax: 1 });
      expect((await run(action, post(VALID, { "x-forwarded-for": "203.0.113.1" }))).status).toBe(302);
      expect((await run(action, post(VALID, { "x-forwarded-for": "203.0.113.2" }))).status).toBe(429);
    });
  });

  describe("lengths: one rule, counted as the form's maxlength counts, refused rather than cut", () => {
    const EMOJI = "😀"; // outside the BMP: two UTF-16 code units, one code point
    it.each([
      ["name", 100, "Please keep your name under 100 characters."],
      ["message", 5000, "Please keep the message under 5,000 characters."],
    ] as const)("%s: at the bound accepted, one unit over refused with its message", async (field, max, text) => {
      const action = makeAction();
      const atBound = { ...VALID, [field]: EMOJI.repeat(max / 2) };
      expect((await run(action, post(atBound))).status).toBe(302);
      const over = { ...VALID, [field]: EMOJI.repeat(max / 2) + "a" };
      const refused = await run(action, post(over));
      expect(refused.status).toBe(400);
      expect(refused.data!.fieldErrors![field]).toBe(text);
      // What the visitor typed comes back whole, to correct, not cut.
      expect(refused.data!.values[field]).toBe(over[field]);
      const farOver = { ...VALID, [field]: EMOJI.repeat(max) };
      expect((await run(action, post(farOver))).status).toBe(400);
      expect((await stored()).map((r) => r.enquiry[field])).toEqual([atBound[field]]);
    });
  });

  describe("bad bodies get a 4xx, never a 5xx", () => {
    it("a declared body over the limit is refused with 413 unread", async () => {
      const res = await run(
        makeAction(),
        post("x".repeat(10), {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(10 * 1024 * 1024),
        }),
      );
      expect(res.status).toBe(413);
    });

    it("a streamed body over the limit is refused with 413", async () => {
      const chunk = new TextEncoder().encode("message=" + "x".repeat(16 * 1024));
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 64) controller.enqueue(chunk);
          else controller.close();
        },
      });
      const res = await run(makeAction(), post(stream, { "content-type": "application/x-www-form-urlencoded" }));
      expect(res.status).toBe(413);
      expect(sent).toBeLessThan(64);
    });

    it("refuses JSON and other media types with 415", async () => {
      const res = await run(makeAction(), post(JSON.stringify(VALID), { "content-type": "application/json" }));
      expect(res.status).toBe(415);
      expect(await stored()).toHaveLength(0);
    });

    it("refuses malformed multipart with 400", async () => {
      const res = await run(
        makeAction(),
        post('--b\r\nContent-Disposition: form-data; name="name"\r\n\r\nMarko', {
          "content-type": "multipart/form-data; boundary=b",
        }),
      );
      expect(res.status).toBe(400);
      expect(res.data!.toast.type).toBe("error");
    });

    it("an empty body is a warning about empty fields", async () => {
      const res = await run(
        makeAction({ honeypot: false }),
        post("", { "content-type": "application/x-www-form-urlencoded" }),
      );
      expect(res.status).toBe(400);
      expect(res.data!.toast.message).toBe("Please fill out all the form fields.");
    });

    it("duplicated fields keep the first value; a file in a text field counts as empty", async () => {
      const form = new FormData();
      for (const [k, v] of Object.entries(VALID)) form.append(k, v);
      form.append("name", "Second Name");
      let res = await run(makeAction(), post(form));
      expect(res.status).toBe(302);
      expect((await stored())[0]!.enquiry.name).toBe("Marko Marić");

      const withFile = new FormData();
      for (const [k, v] of Object.entries(VALID)) if (k !== "message") withFile.append(k, v);
      withFile.append("message", new Blob(["hi"]), "note.txt");
      res = await run(makeAction(), post(withFile));
      expect(res.status).toBe(400);
      expect(res.data!.fieldErrors.message).toBeTruthy();
    });
  });
});

function pick(v: typeof VALID) {
  const { website: _omit, ...values } = v;
  return values;
}

/** What a refused form keeps: every field of the form, the ones not sent empty. */
const formValues = (v: typeof VALID) => ({ ...EMPTY_ENQUIRY, ...pick(v) });
