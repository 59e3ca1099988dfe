import { writeFile } from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONTACT } from "~/content/site";
import type { ContactActionData } from "~/enquiry/answers.server";
import {
  formValues,
  makeAction,
  pick,
  post,
  run,
  scratch,
  scratchDatabasePerTest,
  stored,
  toastFrom,
  VALID,
} from "../../tests/support/contact-action";

// The route's own action (tests/support/contact-action.ts: configured through the environment as
// in production, storing into a real SQLite database, calling nothing on the network). Bots,
// floods and bad bodies: contact-refusals.test.ts.
scratchDatabasePerTest();

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
    const blocked = path.join(scratch(), "a-file");
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
    const db = new Database(path.join(scratch(), "site.db"));
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
});
