import { describe, expect, it, vi } from "vitest";
import {
  caught,
  formValues,
  makeAction,
  post,
  run,
  scratchDatabasePerTest,
  stored,
  toastFrom,
  VALID,
} from "../../tests/support/contact-action";

// The contact route's own action against bots (the honeypot), floods (the rate limit) and bodies
// no form sends (4xx, never 5xx): tests/support/contact-action.ts.
scratchDatabasePerTest();

describe("POST /contact refused", () => {
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
