import type { InboxFilter } from "./inbox-filter.server";
import { dashboard } from "./dashboard.server";
import { markReplySent, queueReply, replies, unsentReply } from "./inbox-reply.server";
import {
  feedBookings,
  feedMadeAt,
  feedMember,
  feedShowsDetails,
  revokeFeed,
  setFeed,
  setFeedDetails,
} from "./inbox-calendar.server";
import {
  bookingMessages,
  cancelBooking,
  getBooking,
  keepBookingMessage,
  saveBooking,
  type BookingInput,
  type BookingMessage,
} from "./inbox-booking.server";
import { needsReply, otherEnquiries, upcoming, waitingCount, type UpcomingCursor } from "./inbox-desk.server";
import { addNote, getEnquiry, recordReply, retryDelivery, setFollowUp } from "./inbox-enquiry.server";
import { enquiriesOf, eraseEnquiry, eraseQuarantined, quarantinedMentioning } from "./inbox-erasure.server";
import { countEnquiries, everyEnquiry, listEnquiries, type Cursor } from "./inbox-list.server";
import type { FollowUp } from "./inbox-states";
import { eraseSpam, releaseSpam, spamCount } from "./inbox-spam.server";
import { prepared } from "./parts.server";
import type { Sql } from "./sql.server";
import type { EnquiryStore } from "./store.server";

type Queue = Pick<EnquiryStore, "find" | "retry" | "release">;

/** The staff inbox and the dashboard; each change one transaction, inside the function it calls. */
export function inboxPartOf(sql: Sql, queue: () => Queue, prepare: () => Promise<void>) {
  const methods = prepared(
    {
      list: (filter: InboxFilter, options?: Parameters<typeof listEnquiries>[2]) => listEnquiries(sql, filter, options),
      count: (filter: InboxFilter, cap?: number) => countEnquiries(sql, filter, cap),
      needsReply: (options?: { cursor?: Cursor; limit?: number }) => needsReply(sql, options),
      upcoming: (today: string, options?: { cursor?: UpcomingCursor; limit?: number }) => upcoming(sql, today, options),
      waitingCount: (options?: { cap?: number }) => waitingCount(sql, options),
      others: (of: { id: string; email: string; phone: string }, limit?: number) => otherEnquiries(sql, of, limit),
      enquiry: (id: string) => getEnquiry(sql, id),
      setFollowUp: (id: string, state: FollowUp, actor: string) => setFollowUp(sql, id, state, actor),
      recordReply: (id: string, actor: string) => recordReply(sql, id, actor),
      addNote: (id: string, body: string, actor: string) => addNote(sql, id, body, actor),
      retryDelivery: (id: string, channel: string, actor: string) => retryDelivery(sql, queue(), id, channel, actor),
      booking: (id: string) => getBooking(sql, id),
      bookingMessages: (id: string) => bookingMessages(sql, id),
      saveBooking: (id: string, input: BookingInput, actor: string) => saveBooking(sql, id, input, actor),
      cancelBooking: (id: string, actor: string) => cancelBooking(sql, id, actor),
      keepBookingMessage: (id: string, message: BookingMessage) => keepBookingMessage(sql, id, message),
      feedMember: (hash: string) => feedMember(sql, hash),
      feedMadeAt: (memberId: string) => feedMadeAt(sql, memberId),
      setFeed: (memberId: string, hash: string) => setFeed(sql, memberId, hash),
      revokeFeed: (memberId: string) => revokeFeed(sql, memberId),
      feedShowsDetails: () => feedShowsDetails(sql),
      setFeedDetails: (on: boolean) => setFeedDetails(sql, on),
      feedBookings: (from: string, to: string, limit?: number) => feedBookings(sql, from, to, limit),
      replies: (id: string) => replies(sql, id),
      queueReply: (id: string, reply: { subject: string; body: string }, actor: string) =>
        queueReply(sql, id, reply, actor),
      unsentReply: (id: string) => unsentReply(sql, id),
      markReplySent: (replyId: number, via: string) => markReplySent(sql, replyId, via),
      spamCount: () => spamCount(sql),
      releaseSpam: (id: string, actor: string) => releaseSpam(sql, queue(), id, actor),
      eraseSpam: (from: string, to: string) => eraseSpam(sql, from, to),
      erase: (id: string, options?: { spamOnly?: boolean }) => eraseEnquiry(sql, id, options),
      enquiriesOf: (email: string) => enquiriesOf(sql, email),
      quarantinedMentioning: (email: string) => quarantinedMentioning(sql, email),
      eraseQuarantined: (refs: string[]) => eraseQuarantined(sql, refs),
      dashboard: (now?: Date) => dashboard(sql, now),
    },
    prepare,
  );
  return {
    ...methods,
    async *exportRows(filter: InboxFilter, batch?: number) {
      await prepare();
      yield* everyEnquiry(sql, filter, batch);
    },
  };
}

export type InboxPart = ReturnType<typeof inboxPartOf>;
