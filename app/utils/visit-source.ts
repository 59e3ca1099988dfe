/** A visitor's first source of the day (decision 0046); `channel`: CHANNELS in ./visit-classify.ts, "direct" or a host. */
export type VisitSource = {
  channel: string;
  /** `utm_medium`, or implied: "cpc" (a click id), "organic" (a search engine), "social", "referral". */
  medium?: string;
  campaign?: string;
  referrer?: string;
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
