// What the staff routes read besides the part (inbox-part.server.ts): the row's type and the cursors they decode.
export type { InboxRow } from "./inbox-rows.server";
export { decodeCursor } from "./inbox-list.server";
export { decodeUpcomingCursor } from "./inbox-desk.server";
