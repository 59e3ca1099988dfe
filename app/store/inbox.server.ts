// The staff inbox's reads and writes, by what the staff do (each in its own module; this one is
// the door the staff area and its routes import):
//   inbox-list     the list, its filter and search, pages by cursor, the count, the export's rows
//   inbox-desk     Needs a reply (and the badge's count), Upcoming, a person's other enquiries
//   inbox-enquiry  one enquiry's page, its follow-up and first reply, notes, a delivery retried
//   inbox-spam     the Spam view: its count, "Not spam", "Delete all shown"
//   inbox-erasure  erasure, and the data subject's file (their enquiries, what is quarantined)
//   inbox-rows     what they share: a row's columns, a row as an InboxRow, a page of rows
export type { DeliveryView, InboxNote, InboxRow } from "./inbox-rows.server";
export { countEnquiries, decodeCursor, encodeCursor, everyEnquiry, listEnquiries } from "./inbox-list.server";
export {
  decodeUpcomingCursor,
  needsReply,
  otherEnquiries,
  phoneKey,
  upcoming,
  waitingCount,
  type OtherEnquiry,
} from "./inbox-desk.server";
export {
  addNote,
  getEnquiry,
  recordReply,
  retryDelivery,
  setFollowUp,
  type EnquiryView,
  type InboxEvent,
} from "./inbox-enquiry.server";
export { eraseSpam, isSpamView, releaseSpam, spamCount } from "./inbox-spam.server";
export { enquiriesOf, eraseEnquiry, eraseQuarantined, quarantinedMentioning } from "./inbox-erasure.server";
