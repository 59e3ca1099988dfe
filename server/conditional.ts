/** Whether a cached page may be answered `304 Not Modified`: RFC 9110's If-None-Match (§13.1.2).
 * Weak comparison, because a CDN that re-compresses a page weakens its tag and it is still our
 * page; If-Modified-Since ignored (§13.2.2: pages carry no Last-Modified); a field that is not a
 * list of tags gets the full page, never an error. Written here rather than taken from `fresh`
 * (the static files'), which departs from the RFC on If-Modified-Since and `no-cache`. */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  const field = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(",") : ifNoneMatch;
  if (field === undefined || field.length > MAX_FIELD) return false;
  if (field.trim() === "*") return true;
  const mine = opaque(etag);
  if (mine === undefined) return false;
  // A list: quoted tags (which may hold commas) or, between commas, anything else (skipped).
  return (field.match(/(?:W\/)?"[^"]*"|[^,\s][^,]*/g) ?? []).some((entry) => opaque(entry.trim()) === mine);
}

/** Far longer than any list a cache sends: a longer one is not looked at. */
const MAX_FIELD = 8 * 1024;

/** entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text (§8.8.3). */
const ENTITY_TAG = /^(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"$/;

/** The opaque tag of an entity-tag (without `W/` and quotes), or undefined when it is not one. */
function opaque(entityTag: string): string | undefined {
  return ENTITY_TAG.exec(entityTag)?.[1];
}
