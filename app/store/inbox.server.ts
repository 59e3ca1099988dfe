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
