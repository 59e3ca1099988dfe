// `outbox list --json`'s objects, version 1 of a format whose fields are only ever added (docs/operations.md); the
// end-to-end tests read them in their own process. An enquiry's state and attempts are its first delivery's.
import { ENQUIRY_FIELDS } from "~/content/enquiry-fields";
import { STATES, type Delivery, type OperatorCommands } from "~/store/store.server";

export const deliveryJson = (r: Delivery) => ({
  channel: r.channel,
  state: r.state,
  attempts: r.attempts.length,
  lastAttempt: r.attempts.at(-1) ?? null,
  nextAttemptAt: r.nextAttemptAt ?? null,
  deliveredAt: r.deliveredAt ?? null,
  failure: r.failure ?? null,
});

const enquiryJson = (deliveries: Delivery[]) => {
  const [r] = deliveries as [Delivery];
  return {
    v: 1,
    id: r.id,
    reference: r.reference ?? null,
    ...deliveryJson(r),
    receivedAt: r.receivedAt,
    enquiry: {
      // Under the form's names, as version 1 has them (the phone is `number`); an optional one not given is null.
      ...Object.fromEntries(ENQUIRY_FIELDS.map((f) => [f.form, r.enquiry[f.key] ?? null])),
      language: r.enquiry.language ?? null,
      page: r.enquiry.page ?? null,
      // How the visitor first arrived that day (decision 0046), or null.
      source: r.enquiry.source ?? null,
    },
    deliveries: deliveries.map(deliveryJson),
  };
};

export function byEnquiry(deliveries: Delivery[]): Delivery[][] {
  const groups = new Map<string, Delivery[]>();
  for (const r of deliveries) groups.set(r.id, [...(groups.get(r.id) ?? []), r]);
  return [...groups.values()];
}

export async function listJson(store: Pick<OperatorCommands, "scan" | "quarantined">): Promise<object[]> {
  const all = (await Promise.all(STATES.map((state) => store.scan(state)))).flatMap((scan) => scan.deliveries);
  all.sort((a, b) => a.receivedAt.localeCompare(b.receivedAt) || a.id.localeCompare(b.id));
  const quarantined = (await store.quarantined()).map((q) => ({
    v: 1,
    ref: q.ref,
    state: "quarantined",
    from: q.from,
    reason: q.reason,
    at: q.at,
  }));
  return [...byEnquiry(all).map(enquiryJson), ...quarantined];
}
