export type { InboxRow } from "./inbox-rows.server";
export { countEnquiries, decodeCursor, everyEnquiry, listEnquiries } from "./inbox-list.server";
export { decodeUpcomingCursor, needsReply, otherEnquiries, upcoming, waitingCount } from "./inbox-desk.server";
export { addNote, getEnquiry, recordReply, retryDelivery, setFollowUp } from "./inbox-enquiry.server";
export { eraseSpam, releaseSpam, spamCount } from "./inbox-spam.server";
export { enquiriesOf, eraseEnquiry, eraseQuarantined, quarantinedMentioning } from "./inbox-erasure.server";
