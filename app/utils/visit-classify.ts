// Decision 0046. Every value here is the visitor's to write: classified or refused, never kept as sent.
import type { Device, VisitSource } from "./visit-source";

type Kind = "search" | "social" | "ads";

export const CHANNELS = {
  google: "search",
  bing: "search",
  duckduckgo: "search",
  yahoo: "search",
  yandex: "search",
  ecosia: "search",
  brave: "search",
  instagram: "social",
  facebook: "social",
  tiktok: "social",
  x: "social",
  linkedin: "social",
  whatsapp: "social",
  youtube: "social",
  pinterest: "social",
  reddit: "social",
  telegram: "social",
  threads: "social",
  "google-ads": "ads",
  "microsoft-ads": "ads",
  "tiktok-ads": "ads",
  "linkedin-ads": "ads",
  "x-ads": "ads",
} as const satisfies Record<string, Kind>;

type Channel = keyof typeof CHANNELS;

/** A host's registrable tail → channel; a key matches the host itself or any subdomain of it. */
const HOSTS: Record<string, Channel> = {
  "instagram.com": "instagram",
  "facebook.com": "facebook",
  "fb.com": "facebook",
  "fb.me": "facebook",
  "messenger.com": "facebook",
  "bing.com": "bing",
  "duckduckgo.com": "duckduckgo",
  "yahoo.com": "yahoo",
  "ecosia.org": "ecosia",
  "search.brave.com": "brave",
  "tiktok.com": "tiktok",
  "t.co": "x",
  "twitter.com": "x",
  "x.com": "x",
  "linkedin.com": "linkedin",
  "lnkd.in": "linkedin",
  "whatsapp.com": "whatsapp",
  "wa.me": "whatsapp",
  "youtube.com": "youtube",
  "youtu.be": "youtube",
  "reddit.com": "reddit",
  "t.me": "telegram",
  "telegram.org": "telegram",
  "threads.net": "threads",
};
/** Families with a country's domain: google.hr, google.co.uk, yandex.ru, pinterest.de… */
const FAMILIES = /(?:^|\.)(google|yandex|pinterest)\.(?:[a-z]{2,3}|com?\.[a-z]{2})$/;

const ALIASES: Record<string, Channel> = {
  ig: "instagram",
  insta: "instagram",
  fb: "facebook",
  meta: "facebook",
  twitter: "x",
  yt: "youtube",
  wa: "whatsapp",
  li: "linkedin",
  tt: "tiktok",
  ddg: "duckduckgo",
};

/** A click id names its network; its value (one person's click) is never read. */
const CLICK_IDS: [string, Channel | "meta"][] = [
  ["gclid", "google-ads"],
  ["gbraid", "google-ads"],
  ["wbraid", "google-ads"],
  ["dclid", "google-ads"],
  ["msclkid", "microsoft-ads"],
  ["ttclid", "tiktok-ads"],
  ["li_fat_id", "linkedin-ads"],
  ["twclid", "x-ads"],
  ["fbclid", "meta"],
  ["igshid", "instagram"],
];

const CAPS = { source: 60, medium: 60, campaign: 100 } as const;

/** Trimmed, lowercased, spaces as hyphens, capped; undefined for anything with control characters or markup. */
export function tagValue(raw: string | null | undefined, cap: number): string | undefined {
  if (!raw || /[\p{Cc}\p{Cf}]/u.test(raw)) return undefined;
  const value = raw.trim().toLowerCase().replace(/ +/g, "-").slice(0, cap).replace(/-+$/, "");
  return /^[\p{L}\p{N}._~+-]+$/u.test(value) ? value : undefined;
}

/** The referring host, `www.` dropped; undefined for none, one not http(s), or this site's own. */
export function referrerHost(referrer: string | undefined, ownHosts: readonly string[]): string | undefined {
  if (!referrer) return undefined;
  let host: string;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
    host = url.hostname.replace(/^www\./, "").replace(/\.$/, "");
  } catch {
    return undefined;
  }
  const own = (h: string) =>
    h
      .toLowerCase()
      .replace(/:\d+$/, "")
      .replace(/^www\./, "") === host;
  return host && !ownHosts.some(own) ? host.slice(0, 253) : undefined;
}

function channelOfHost(host: string): Channel | undefined {
  const family = FAMILIES.exec(host)?.[1];
  if (family) return family as Channel;
  for (let rest = host; ; rest = rest.slice(rest.indexOf(".") + 1)) {
    if (HOSTS[rest]) return HOSTS[rest];
    if (!rest.includes(".")) return undefined;
  }
}

const impliedMedium = (channel: string, referrer: string | undefined): string | undefined => {
  const kind: Kind | undefined = (CHANNELS as Record<string, Kind>)[channel];
  if (kind === "ads") return "cpc";
  if (kind === "search") return "organic";
  if (kind === "social") return "social";
  return referrer ? "referral" : undefined;
};

/** A visitor's source from their first page of the day: `utm_source` first, then a click id, then the referrer. */
export function classifySource(
  landing: string,
  query: URLSearchParams,
  referrer: string | undefined,
  ownHosts: readonly string[],
): VisitSource {
  const host = referrerHost(referrer, ownHosts);
  const fromHost = host && channelOfHost(host);
  const utm = tagValue(query.get("utm_source"), CAPS.source);
  let channel: string | undefined = utm && (ALIASES[utm] ?? (utm in CHANNELS ? utm : channelOfHost(utm)) ?? utm);
  if (!channel) {
    const click = CLICK_IDS.find(([name]) => query.has(name))?.[1];
    channel = click === "meta" ? (fromHost === "instagram" ? "instagram" : "facebook") : click;
  }
  channel ??= fromHost || host || "direct";
  const medium = tagValue(query.get("utm_medium"), CAPS.medium) ?? impliedMedium(channel, host);
  const campaign = tagValue(query.get("utm_campaign"), CAPS.campaign);
  return {
    channel,
    ...(medium && { medium }),
    ...(campaign && { campaign }),
    ...(host && { referrer: host }),
    landing: landing.slice(0, 200),
  };
}

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobi)/i;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|Opera Mini/i;

export const deviceOf = (userAgent: string): Device =>
  TABLET.test(userAgent) ? "tablet" : PHONE.test(userAgent) ? "phone" : "desktop";

/** A browser's prefetch or prerender: not a view (yet). */
export function isPrefetch(headers: Record<string, string | string[] | undefined>): boolean {
  const purpose = headers["sec-purpose"] ?? headers["purpose"] ?? headers["x-purpose"];
  return (
    (typeof purpose === "string" && /prefetch|preview|prerender/i.test(purpose)) || headers["x-moz"] === "prefetch"
  );
}
