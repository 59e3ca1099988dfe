import { log } from "~/utils/log.server";
import { env } from "~/utils/env.server";
import { enquiriesAccepted, enquiriesCaught, enquiriesNotStored, spamDropped } from "~/utils/metrics.server";
import type { Enquiry } from "~/store/record.server";
import type { EnquiryStore } from "~/store/store.server";
import type { SpamReason } from "./spam/judge.server";

type StoreResult = { ok: true; id: string; reference: string } | { ok: false };

/** Accept = stored: committed (and fsync'ed) when this says ok; a caught one too, with no delivery. */
export async function storeEnquiry(
  {
    store,
    noteAcceptance,
  }: { store: Pick<EnquiryStore, "store" | "where">; noteAcceptance: (error?: unknown) => void },
  enquiry: Enquiry,
  requestId?: string,
  reasons: SpamReason[] = [],
): Promise<StoreResult> {
  try {
    const spam = reasons.length
      ? { reasons, maxPerHour: env.SPAM_MAX_PER_HOUR, maxKept: env.SPAM_MAX_KEPT }
      : undefined;
    const record = await store.store(enquiry, requestId, { spam });
    noteAcceptance();
    if (spam) {
      for (const reason of reasons) enquiriesCaught.inc({ reason });
      if (record.dropped) spamDropped.inc(record.dropped);
      log("warn", "enquiry.caught", { requestId, id: record.id, reasons, dropped: record.dropped ?? 0 });
    } else {
      enquiriesAccepted.inc();
      log("info", "enquiry.accepted", { requestId, id: record.id });
    }
    return { ok: true, id: record.id, reference: record.reference ?? "" };
  } catch (error) {
    noteAcceptance(error);
    enquiriesNotStored.inc();
    log("error", "enquiry.store_failed", {
      requestId,
      store: store.where,
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false };
  }
}
