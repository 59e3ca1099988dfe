import { createHash } from "node:crypto";
import { FIELD_KEYS } from "~/content/enquiry-fields";
import type { Enquiry } from "~/store/record.server";

export const SAME_ENQUIRY_MS = 10 * 60_000;
const REMEMBERED = 2_000;

type Stored = { ok: true; reference: string } | { ok: false };

/** A double tap before the script arrived posts twice and the visitor sees only the second answer, so it must name the
 * stored enquiry. In memory: replicas may each store one (decision 0023). */
export function sameEnquiryOnce(now = Date.now) {
  const seen = new Map<string, { at: number; stored: Promise<Stored> }>();
  return function once(client: string, enquiry: Enquiry, store: () => Promise<Stored>): Promise<Stored> {
    const key = keyOf(client, enquiry);
    const at = now();
    const earlier = seen.get(key);
    if (earlier && at - earlier.at < SAME_ENQUIRY_MS) return earlier.stored;
    seen.delete(key);
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

/** Every field after cleaning, so spacing a browser adds does not make a second copy; hashed, no text kept. */
function keyOf(client: string, enquiry: Enquiry): string {
  const fields = FIELD_KEYS.map((key) => (key === "email" ? enquiry.email.toLowerCase() : (enquiry[key] ?? "")));
  return createHash("sha256")
    .update(JSON.stringify([client, ...fields, enquiry.language ?? ""]))
    .digest("base64url");
}
