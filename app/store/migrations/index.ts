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
import site from "./0013-site";
import pushDevices from "./0014-push-devices";
import quarantine from "./0015-quarantine";
import siteUploadOutcomes from "./0016-site-upload-outcomes";
import previewSession from "./0017-preview-session";
import photoParts from "./0018-photo-parts";
import pushAlerts from "./0019-push-alerts";
import visits from "./0020-visits";
import bookings from "./0021-bookings";
import funnelTallies from "./0022-funnel-tallies";
import type { Migration } from "./migration";

export type { Migration } from "./migration";

/** A number taken on another branch may merge in below a later one: the two must not touch the same tables. */
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
  site,
  pushDevices,
  quarantine,
  siteUploadOutcomes,
  previewSession,
  photoParts,
  pushAlerts,
  visits,
  bookings,
  funnelTallies,
];

export const LATEST_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));
