/** RFC 9110 §13.1.2, weak comparison (a CDN that re-compresses weakens our tag); If-Modified-Since ignored (§13.2.2).
 * Not `fresh`: it departs from the RFC on If-Modified-Since and `no-cache`. */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const field = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch;
  if (field === undefined || field.length > MAX_FIELD) return false;
  if (field.trim() === "*") return true;
  const mine = opaque(etag);
  if (mine === undefined) return false;
  return (field.match(/(?:W\/)?"[^"]*"|[^,\s][^,]*/g) ?? []).some((entry) => opaque(entry.trim()) === mine);
}

const MAX_FIELD = 8 * 1024;

/** RFC 9110 §8.8.3. */
const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

function opaque(entityTag: string): string | undefined {
  return ENTITY_TAG.exec(entityTag)?.[1];
}
