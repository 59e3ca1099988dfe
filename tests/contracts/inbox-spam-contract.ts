import { expect, it } from "vitest";
import type { SqlStore as EnquiryStore } from "~/store/sql-store.server";
import { enquiry, filter } from "./inbox-setup";

export function inboxSpamContract(name: string, open: () => Promise<EnquiryStore>) {
  it(`${name}: a caught enquiry is kept with why and sent nowhere; the inbox and its count leave it out`, async () => {
    const store = await open();
    const person = await store.store(enquiry(1));
    const caught = await store.store(enquiry(2), "r2", {
      spam: { reasons: ["honeypot", "links"], maxPerHour: 10, maxKept: 10 },
    });
    expect(caught.reference).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    const deliveries = await store.sql.all("SELECT enquiry_id FROM deliveries");
    expect(deliveries.map((d) => String(d.enquiry_id))).toEqual([person.id]);
    expect(await store.nextDue("email", Date.now() + 60_000, [person.id])).toBeUndefined();
    expect((await store.inbox.list(filter(""))).rows.map((r) => r.name)).toEqual(["Visitor 1"]);
    expect(await store.inbox.waitingCount()).toBe(1);
    const spam = (await store.inbox.list(filter("view=spam"), { withMessage: true })).rows;
    expect(spam.map((r) => [r.name, r.spam, r.message])).toEqual([
      ["Visitor 2", ["honeypot", "links"], "Message number 2"],
    ]);
    await store.inbox.setFollowUp(person.id, "spam", "staff@example.com");
    expect((await store.inbox.list(filter(""))).rows).toEqual([]);
    expect((await store.inbox.list(filter("view=spam"))).rows.map((r) => r.name)).toEqual(["Visitor 2", "Visitor 1"]);
    expect(await store.inbox.spamCount()).toBe(2);
    expect(await store.inbox.waitingCount()).toBe(0);
  });

  it(`${name}: "Not spam" makes its deliveries through the accept's code, due now, once`, async () => {
    const store = await open();
    const caught = await store.store(enquiry(1), undefined, {
      spam: { reasons: ["too-fast"], maxPerHour: 10, maxKept: 10 },
    });
    expect(await store.inbox.releaseSpam(caught.id, "staff@example.com")).toBe(caught.reference);
    // A second tap (or a second person) changes nothing and makes no second delivery.
    expect(await store.inbox.releaseSpam(caught.id, "staff@example.com")).toBeUndefined();
    const due = await store.nextDue("email", Date.now());
    expect(due).toMatchObject({ id: caught.id, reference: caught.reference, state: "pending", channel: "email" });
    expect(due!.enquiry.message).toBe("Message number 1");
    await store.move(due!, "delivered", { deliveredAt: new Date().toISOString() });
    expect(await store.nextDue("email", Date.now() + 3_600_000)).toBeUndefined();
    expect(await store.sql.all("SELECT channel FROM deliveries WHERE enquiry_id = $1", [caught.id])).toHaveLength(1);
    const view = await store.inbox.enquiry(caught.id);
    expect(view).toMatchObject({ followUp: "new" });
    expect(view!.spam).toBeUndefined();
    expect(view!.events).toEqual([expect.objectContaining({ kind: "follow-up", from: "spam", to: "new" })]);
    expect((await store.inbox.list(filter(""))).rows.map((r) => r.id)).toEqual([caught.id]);
    const marked = await store.store(enquiry(2));
    await store.inbox.setFollowUp(marked.id, "spam", "staff@example.com");
    expect(await store.inbox.releaseSpam(marked.id, "staff@example.com")).toBe(marked.reference);
    expect(await store.sql.all("SELECT channel FROM deliveries WHERE enquiry_id = $1", [marked.id])).toHaveLength(1);
    expect((await store.inbox.enquiry(marked.id))!.followUp).toBe("new");
    expect(await store.inbox.releaseSpam("00000000-0000-4000-8000-000000000000", "x")).toBeUndefined();
  });

  it(`${name}: spam is bounded: per hour and in all the oldest caught go first, counted; retention erases it`, async () => {
    const store = await open();
    const caps = (maxPerHour: number, maxKept: number) => ({ spam: { reasons: ["honeypot"], maxPerHour, maxKept } });
    const person = await store.store(enquiry(0));
    const dropped: number[] = [];
    for (let i = 1; i <= 6; i++) dropped.push((await store.store(enquiry(i), undefined, caps(4, 100))).dropped ?? 0);
    expect(dropped).toEqual([0, 0, 0, 0, 1, 1]);
    const names = async () => (await store.inbox.list(filter("view=spam"))).rows.map((r) => r.name);
    expect(await names()).toEqual(["Visitor 6", "Visitor 5", "Visitor 4", "Visitor 3"]);
    expect((await store.store(enquiry(7), undefined, caps(100, 2))).dropped).toBe(3);
    expect(await names()).toEqual(["Visitor 7", "Visitor 6"]);
    await store.inbox.setFollowUp(person.id, "spam", "staff@example.com");
    expect((await store.store(enquiry(8), undefined, caps(100, 1))).dropped).toBe(2);
    expect(await names()).toEqual(["Visitor 8", "Visitor 0"]);
    await store.sql.run("UPDATE enquiries SET received_at = $1 WHERE spam IS NOT NULL", [
      new Date(Date.now() - 7_200_000).toISOString(),
    ]);
    expect(await store.eraseExpired(365 * 86_400_000)).toBe(0);
    expect(await store.eraseExpired(365 * 86_400_000, { spamOlderThanMs: 3_600_000 })).toBe(1);
    expect(await names()).toEqual(["Visitor 0"]);
  });

  it(`${name}: "Delete all shown" erases the Spam view between the times shown, nothing else`, async () => {
    const store = await open();
    const person = await store.store(enquiry(0));
    const caught = [];
    for (let i = 1; i <= 4; i++)
      caught.push(
        await store.store(enquiry(i), undefined, { spam: { reasons: ["repeated"], maxPerHour: 10, maxKept: 10 } }),
      );
    const shown = (await store.inbox.list(filter("view=spam"), { limit: 2 })).rows;
    expect(await store.inbox.eraseSpam(shown.at(-1)!.receivedAt, shown[0]!.receivedAt)).toBe(2);
    expect((await store.inbox.list(filter("view=spam"))).rows.map((r) => r.name)).toEqual(["Visitor 2", "Visitor 1"]);
    expect(await store.inbox.erase(person.id, { spamOnly: true })).toBeUndefined();
    expect(await store.inbox.erase(caught[0]!.id, { spamOnly: true })).toBe(caught[0]!.reference);
    expect((await store.inbox.list(filter(""))).rows.map((r) => r.name)).toEqual(["Visitor 0"]);
  });
}
