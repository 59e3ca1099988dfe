import { createHash } from "node:crypto";
import { FIELD_KEYS } from "~/content/enquiry-fields";
import type { Enquiry } from "~/store/record.server";

/** How long an accepted enquiry is remembered, to answer the same one sent again with it. */
export const SAME_ENQUIRY_MS = 10 * 60_000;
/** Bounds the memory (a burst of distinct enquiries pushes the oldest out). */
const REMEMBERED = 2_000;

type Stored = { ok: true; reference: string } | { ok: false };

/**
 * The same enquiry sent again by the same client within minutes is stored once, and the second
 * answer is the first's, with the same reference. A double tap on "Send" before the page's script
 * has arrived (or with JavaScript off) makes the browser post twice, abandoning the first answer:
 * the visitor sees only the second, so it must name the enquiry that was stored. Going back
 * after a success and sending the form again, or a retry by a flaky connection, are the same
 * case. The second waits for the first while it is being stored; one that was not stored is
 * forgotten, so sending again tries again.
 *
 * In this process's memory: one server (the SQLite default) sees every post. Replicas behind a
 * balancer that spreads one visitor's two posts over two processes each store one (decision
 * 0023).
 */
export function sameEnquiryOnce(now = Date.now) {
  const seen = new Map<string, { at: number; stored: Promise<Stored> }>();
  return function once(client: string, enquiry: Enquiry, store: () => Promise<Stored>): Promise<Stored> {
    const key = keyOf(client, enquiry);
    const at = now();
    const earlier = seen.get(key);
    if (earlier && at - earlier.at < SAME_ENQUIRY_MS) return earlier.stored;
    seen.delete(key);
    // Oldest first (a Map keeps insertion order): the expired, and any over the bound.
    for (const [old, entry] of seen) {
      if (seen.size < REMEMBERED && at - entry.at < SAME_ENQUIRY_MS) break;
      seen.delete(old);
    }
    const forget = () => {
      if (seen.get(key)?.stored === stored) seen.delete(key);
    };
    const stored: Promise<Stored> = store().then(
      (result) => {
        if (!result.ok) forget();
        return result;
      },
      (error: unknown) => {
        forget();
        throw error;
      },
    );
    seen.set(key, { at, stored });
    return stored;
  };
}

/** Who sent what: the client's address and every field as stored (after cleaning), so spacing
 * a browser may add or drop does not make a second copy. Hashed: no text is kept in memory. */
function keyOf(client: string, enquiry: Enquiry): string {
  const fields = FIELD_KEYS.map((key) => (key === "email" ? enquiry.email.toLowerCase() : (enquiry[key] ?? "")));
  return createHash("sha256")
    .update(JSON.stringify([client, ...fields, enquiry.language ?? ""]))
    .digest("base64url");
}
