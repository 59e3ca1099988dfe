import { PAGES, type Page } from "~/content/pages";
import type { TagName, TagProblem } from "~/i18n/campaign-links";

/** As the visit counter reads a tag (trimmed, lowercased, spaces as hyphens), so the link carries what the dashboard
 * will show. */
export const TAG_CAPS: Record<TagName, number> = { source: 60, medium: 60, campaign: 100 };

const ALLOWED = /^[a-z0-9][a-z0-9._-]*$/;

/** A tag as the owner typed it, cleaned: "Summer VIP" → "summer-vip"; a tag outside the allowed set is refused, not
 * silently changed further. */
export function cleanTag(raw: string, cap: number): { value: string } | { problem: TagProblem } {
  const value = raw.normalize("NFKC").trim().toLowerCase().replace(/\s+/g, "-");
  if (!value) return { problem: "empty" };
  if (value.length > cap) return { problem: "too-long" };
  if (!ALLOWED.test(value)) return { problem: "characters" };
  return { value };
}

export type LinkAsked = { page: string; source: string; medium: string; campaign: string };
export type LinkAnswer =
  | { ok: true; url: string; tags: Record<TagName, string> }
  | { ok: false; problems: Partial<Record<TagName | "page", TagProblem>> };

export const pageOf = (path: string): Page | undefined => PAGES.find((p) => p.path === path);

/** Source is required; medium and campaign may be left out (an empty one is not sent). */
export function campaignLink(origin: string, asked: LinkAsked): LinkAnswer {
  const problems: Partial<Record<TagName | "page", TagProblem>> = {};
  const page = pageOf(asked.page);
  if (!page) problems.page = "empty";
  const tags = {} as Record<TagName, string>;
  for (const name of ["source", "medium", "campaign"] as const) {
    const raw = asked[name];
    const cleaned = cleanTag(raw, TAG_CAPS[name]);
    if ("value" in cleaned) tags[name] = cleaned.value;
    else if (cleaned.problem !== "empty" || name === "source") problems[name] = cleaned.problem;
    else tags[name] = "";
  }
  if (!page || Object.keys(problems).length) return { ok: false, problems };
  const url = new URL(page.path, origin);
  for (const name of ["source", "medium", "campaign"] as const)
    if (tags[name]) url.searchParams.set(`utm_${name}`, tags[name]);
  return { ok: true, url: url.href, tags };
}
