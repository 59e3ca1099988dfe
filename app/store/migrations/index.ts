import firstLayout from "./0001-first-layout";
import enquiriesAsColumns from "./0002-enquiries-as-columns";
import staff from "./0003-staff";
import inbox from "./0004-inbox";
import foldedSearch from "./0005-folded-search";
import channelHealth from "./0006-channel-health";
import spam from "./0007-spam";
import confirmations from "./0008-confirmations";
import bookingDetails from "./0009-booking-details";
import desk from "./0010-desk";
import dashboardTallies from "./0011-dashboard-tallies";
import queueTallies from "./0012-queue-tallies";
// 0013 is taken by another branch (the site's photos); the runner applies whatever a database lacks.
import pushDevices from "./0014-push-devices";
import type { Migration } from "./migration";

export type { Migration } from "./migration";

/** Every version of the schema, in order (app/store/migrate.server.ts applies what a database
 * lacks). A new version is a new file here, `NNNN-what-it-adds.ts`, and a line below. */
export const MIGRATIONS: readonly Migration[] = [
  firstLayout,
  enquiriesAsColumns,
  staff,
  inbox,
  foldedSearch,
  channelHealth,
  spam,
  confirmations,
  bookingDetails,
  desk,
  dashboardTallies,
  queueTallies,
  pushDevices,
];

export const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));
