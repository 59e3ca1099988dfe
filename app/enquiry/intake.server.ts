import { log } from "~/utils/log.server";
import { enquiriesAccepted, enquiriesNotStored } from "~/utils/metrics.server";
import { noteAcceptance, store } from "~/shared/process.server";
import type { Enquiry } from "./schema.server";

type StoreResult = { ok: true; id: string; reference: string } | { ok: false };

/** Accept = stored: the enquiry is committed (and fsync'ed) when this says ok. */
export async function storeEnquiry(enquiry: Enquiry, requestId?: string): Promise<StoreResult> {
  try {
    const record = await store.store(enquiry, requestId);
    noteAcceptance();
    enquiriesAccepted.inc();
    log("info", "enquiry.accepted", { requestId, id: record.id });
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
