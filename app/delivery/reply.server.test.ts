import { describe, expect, it, vi } from "vitest";
import { recordedSends } from "../../mocks/emailjs";
import { CONFIG, deliveryTestbed, enquiry, quickWorker } from "../../tests/support/delivery-testbed";
import type { SqlStore } from "~/store/sql-store.server";
import { replyChannel } from "./reply.server";
import { startDelivery } from "./worker.server";

const CONTACT = { email: "desk@adriatic.example", phone: "+385 21 000 000", socialUrl: "", socialLabel: "" };
const bed = deliveryTestbed();
const channelFor = (store: SqlStore, config?: typeof CONFIG) =>
  replyChannel(
    config && { ...config, replyTemplateId: "template_reply" },
    () => store.inbox,
    () => CONTACT,
    { timeoutMs: 300, intervalMs: 0 },
  );
const sent = () => recordedSends.filter((s) => s.fields.template_id === "template_reply");
const state = async (store: SqlStore, id: string) =>
  (
    await store.sql.all<{ state: string }>("SELECT state FROM deliveries WHERE enquiry_id = $1 AND channel = 'reply'", [
      id,
    ])
  )[0]?.state;

describe("a desk reply's delivery", () => {
  it("goes once through EmailJS's reply template with the reference in the subject and the business's reply-to", async () => {
    const { id, reference } = await bed.store.store(enquiry());
    bed.start({ channels: [channelFor(bed.store, CONFIG)] });
    await bed.store.inbox.queueReply(id, { subject: `Re: ${reference}`, body: "Yes, Saturday works." }, "desk@x");
    await vi.waitFor(async () => expect(await state(bed.store, id)).toBe("delivered"), { timeout: 3000 });
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.fields).toMatchObject({
      to_email: "ana@example.com",
      reply_to: CONTACT.email,
      subject: `Re: ${reference}`,
      text: "Yes, Saturday works.",
    });
    expect((await bed.store.inbox.replies(id))[0]).toMatchObject({ via: "emailjs", sentAt: expect.any(String) });
  });

  it("through a restart: a reply already sent is not sent again", async () => {
    const { id } = await bed.store.store(enquiry());
    await bed.store.inbox.queueReply(id, { subject: "Re", body: "Once only." }, "desk@x");
    expect(await bed.store.deliverer().hold()).toBe(true);
    const due = await bed.store.nextDue("reply", Date.now() + 1000);
    const marked = await bed.store.markSending(due!, new Date().toISOString());
    expect((await channelFor(bed.store, CONFIG).send(marked!)).ok).toBe(true);
    await bed.store.close();
    const next = bed.open();
    bed.store = next;
    bed.delivery = startDelivery({ ...quickWorker(next), channels: [channelFor(next, CONFIG)] });
    await vi.waitFor(async () => expect(await state(next, id)).toBe("delivered"), { timeout: 3000 });
    expect(bed.events("enquiry.resending")).toHaveLength(1);
    expect(sent()).toHaveLength(1);
  });

  it("without a reply template the outbox stand-in keeps it, calling nobody", async () => {
    const { id } = await bed.store.store(enquiry());
    bed.start({ channels: [channelFor(bed.store)] });
    await bed.store.inbox.queueReply(id, { subject: "Re", body: "Kept." }, "desk@x");
    await vi.waitFor(async () => expect(await state(bed.store, id)).toBe("delivered"), { timeout: 3000 });
    expect((await bed.store.inbox.replies(id))[0]).toMatchObject({ via: "outbox" });
    expect(recordedSends).toHaveLength(0);
  });
});
