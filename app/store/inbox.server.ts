export type { InboxRow } from "./inbox-rows.server";
export { decodeCursor } from "./inbox-list.server";
export { decodeUpcomingCursor } from "./inbox-desk.server";
