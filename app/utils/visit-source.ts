// How a visitor arrived, as counted (decision 0046) and as an enquiry keeps it: shared by the store, the counter and the
// staff's pages.

/** The first source of a visitor's day. `channel`: a known network's id ("instagram", "google", "google-ads"… see
 * CHANNELS in ./visit-classify.ts), "direct", or an unknown referrer's host. Values are classified, never as sent. */
export type VisitSource = {
  channel: string;
  /** `utm_medium`, or implied: "cpc" (a click id), "organic" (a search engine), "social", "referral". */
  medium?: string;
  campaign?: string;
  /** The referring site's host, `www.` dropped. */
  referrer?: string;
  /** The first page's path, language prefix kept, no query. */
  landing: string;
};

export type Device = "phone" | "tablet" | "desktop";

/** The dashboard's funnel over days `from`…`to` (UTC `YYYY-MM-DD`, both included). */
export type FunnelQuery = { from: string; to: string; by: "channel" | "campaign" };

/** One source's or campaign's steps; `key` '' is none (no campaign). Spam is in none of them. */
export type FunnelRow = {
  key: string;
  visitors: number;
  contactVisitors: number;
  enquiries: number;
  replied: number;
  booked: number;
};
