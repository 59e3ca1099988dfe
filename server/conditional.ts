/** Whether a cached page may be answered `304 Not Modified`: RFC 9110's If-None-Match, the one
 * rule for the page cache.
 *
 * - §13.1.2: If-None-Match uses the weak comparison: an entry matches when its opaque tag
 *   equals the page's, whether either is marked `W/` (a CDN that re-compresses a response
 *   weakens its tag; it is still our page). `*` matches any page that exists.
 * - §13.2.2: when If-None-Match is present, If-Modified-Since is ignored (pages carry no
 *   Last-Modified, so on its own it never gives a 304 here either).
 * - A header that is not a list of entity-tags is ignored (the full page, never a 4xx or 5xx);
 *   entries of a list that are not entity-tags are skipped, the others still count.
 *
 * The static files beside the pages (express.static, through the `fresh` package) agree on all
 * of this: weak comparison, any entry of a list, `*`. They differ where `fresh` departs from
 * the RFC, and the pages follow the RFC: `fresh` also checks If-Modified-Since when both are
 * sent, and answers 200 to a request carrying `Cache-Control: no-cache` (a browser's hard
 * reload sends no validator anyway). */
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
