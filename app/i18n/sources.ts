import type { Locale } from "./locale";
import type { Translations } from "./translations";

/** The counter's channel ids as people read them; an id not listed (a referring host, a `utm_source` as given) is
 * shown as it is. */
const NAMES: Readonly<Record<string, string>> = {
  instagram: "Instagram",
  facebook: "Facebook",
  google: "Google",
  bing: "Bing",
  duckduckgo: "DuckDuckGo",
  yahoo: "Yahoo",
  yandex: "Yandex",
  ecosia: "Ecosia",
  brave: "Brave Search",
  tiktok: "TikTok",
  x: "X (Twitter)",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  youtube: "YouTube",
  pinterest: "Pinterest",
  reddit: "Reddit",
  telegram: "Telegram",
  threads: "Threads",
  "google-ads": "Google Ads",
  "microsoft-ads": "Microsoft Ads",
  "tiktok-ads": "TikTok Ads",
  "linkedin-ads": "LinkedIn Ads",
  "x-ads": "X Ads",
};

const en = {
  direct: "Direct",
  from: "from",
  source: "Source",
  campaign: "Campaign",
  landing: "first page",
  referrer: "came from",
  unknown: "Not known (no visit counted that day, or sent before visits were counted)",
  sameSource: "Enquiries from this source",
};
const hr: typeof en = {
  direct: "Izravno",
  from: "izvor:",
  source: "Izvor",
  campaign: "Kampanja",
  landing: "prva stranica",
  referrer: "došao s",
  unknown: "Nepoznato (taj dan nije izbrojen posjet ili je poslan prije brojanja posjeta)",
  sameSource: "Upiti iz ovog izvora",
};
export const SOURCES: Translations<typeof en> = { en, hr };

export const channelName = (channel: string, locale: Locale = "en") =>
  channel === "direct" ? SOURCES[locale].direct : (NAMES[channel] ?? channel);

/** "from Instagram · summer-vip"; nothing when the source is not known. */
export function sourceLine(source: { channel: string; campaign?: string } | undefined, locale: Locale = "en"): string {
  if (!source?.channel) return "";
  const name = channelName(source.channel, locale);
  return `${SOURCES[locale].from} ${name}${source.campaign ? ` · ${source.campaign}` : ""}`;
}
