import { PAGES, type Page } from "~/content/pages";
import type { TagName, TagProblem } from "~/i18n/campaign-links";
import { classifySource, tagValue } from "~/utils/visit-classify";

/** The counter's caps (app/utils/visit-classify.ts): a longer tag would be cut there, so it is refused here. */
export const TAG_CAPS: Record<TagName, number> = { source: 60, medium: 60, campaign: 100 };

/** A tag as the owner typed it, as the counter will read it ("Summer VIP" → "summer-vip"); what the counter would
 * drop or cut is refused with its reason instead. */
export function cleanTag(raw: string, cap: number): { value: string } | { problem: TagProblem } {
  const trimmed = raw.trim();
  if (!trimmed) return { problem: "empty" };
  if (trimmed.replace(/ +/g, "-").length > cap) return { problem: "too-long" };
  const value = tagValue(trimmed, cap);
  return value ? { value } : { problem: "characters" };
}

export type LinkAsked = { page: string; source: string; medium: string; campaign: string };
export type LinkAnswer =
  | { ok: true; url: string; tags: Record<TagName, string>; channel: string }
  | { ok: false; problems: Partial<Record<TagName | "page", TagProblem>> };

const pageOf = (path: string): Page | undefined => PAGES.find((p) => p.path === path);

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
  const channel = classifySource(page.path, url.searchParams, undefined, [url.host]).channel;
  return { ok: true, url: url.href, tags, channel };
}
