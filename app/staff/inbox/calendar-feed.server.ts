// The team's calendar feed (decision 0050): a secret URL per staff member that calendar apps fetch without a cookie.
import { timingSafeEqual } from "node:crypto";
import { calendarText } from "~/delivery/booking-ics.server";
import { inertName } from "~/delivery/confirmation.server";
import type { InboxPart } from "~/store/inbox-part.server";
import { addDays, teamDay } from "~/utils/team-time";
import { looksLikeToken, newToken, tokenHash } from "../tokens.server";

type Feeds = Pick<InboxPart, "feedMember" | "setFeed" | "feedShowsDetails" | "feedBookings">;

const FEED_PATH = "/calendar/";
const DAYS_BACK = 30;
const DAYS_AHEAD = 366;

export const feedUrl = (siteUrl: string, token: string) => `${siteUrl}${FEED_PATH}${token}.ics`;

/** Shown once: only its hash is kept. */
export async function makeFeed(feeds: Pick<Feeds, "setFeed">, memberId: string): Promise<string> {
  const token = newToken();
  await feeds.setFeed(memberId, tokenHash(token));
  return token;
}

/** Undefined for a malformed, guessed or revoked token: the route answers 404 and nothing else. */
export async function feedText(
  feeds: Feeds,
  file: string,
  { siteUrl, now = Date.now() }: { siteUrl: string; now?: number },
): Promise<string | undefined> {
  const token = /^(.+)\.ics$/.exec(file)?.[1];
  if (!looksLikeToken(token)) return undefined;
  const hash = tokenHash(token);
  const found = await feeds.feedMember(hash);
  if (!found || !timingSafeEqual(Buffer.from(found.hash), Buffer.from(hash))) return undefined;
  const today = teamDay(now);
  const details = await feeds.feedShowsDetails();
  const bookings = await feeds.feedBookings(addDays(today, -DAYS_BACK), addDays(today, DAYS_AHEAD));
  return calendarText(
    bookings.map((b) => {
      const name = inertName(b.name);
      return {
        booking: b,
        // A first name and the party size: all a shared calendar shows unless the owner allows more.
        summary: `${details ? name : (name.split(" ")[0] ?? "")} ×${b.guests}`.trim(),
        ...(details
          ? { description: `${b.reference} · ${b.phone}`, url: `${siteUrl}/staff/inbox/${b.enquiryId}` }
          : { description: b.reference }),
      };
    }),
    { name: "Adriatic VIP" },
  );
}
