import { STAFF_PATHS } from "./paths";

/** No fetch handler: visitors' data is never cached on a device. A push ALWAYS shows a notification, even unreadable:
 * iOS revokes a web app whose pushes show nothing. Receipts, not status codes, tell an alert was shown (Apple answers
 * 201 for a dead subscription). The tag (the reference) stops a resent alert ringing twice; a tap opens only a staff
 * address. A subscription the browser renews on its own (Firefox) is proved by the old one's auth secret. */
export const STAFF_SERVICE_WORKER = `"use strict";
const STAFF = "/staff/";
const FALLBACK = ${JSON.stringify(STAFF_PATHS.needsReply)};
const RECEIPT = ${JSON.stringify(STAFF_PATHS.receipt)};
const RENEWAL = ${JSON.stringify(STAFF_PATHS.renewal)};

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("push", (event) => {
  let alert = {};
  try {
    alert = (event.data && event.data.json()) || {};
  } catch (error) {
    alert = {};
  }
  const text = (value, fallback) => (typeof value === "string" && value ? value.slice(0, 200) : fallback);
  const shown = self.registration.showNotification(text(alert.title, "New enquiry · Novi upit"), {
    body: text(alert.body, "Open to read. · Otvorite za čitanje."),
    tag: text(alert.tag, undefined),
    data: { url: text(alert.url, FALLBACK) },
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    requireInteraction: false,
  });
  const receipt = alert.receipt;
  const confirmed =
    receipt && typeof receipt === "object"
      ? shown.then(() =>
          fetch(RECEIPT, {
            method: "POST",
            credentials: "same-origin",
            body: new URLSearchParams({ e: String(receipt.e), d: String(receipt.d), t: String(receipt.t) }),
          }).catch(() => undefined),
        )
      : shown;
  event.waitUntil(confirmed);
});

const key = (subscription, name) => {
  let text = "";
  for (const byte of new Uint8Array(subscription.getKey(name))) text += String.fromCharCode(byte);
  return btoa(text).replace(/[+]/g, "-").replace(/[/]/g, "_").replace(/=+$/, "");
};

self.addEventListener("pushsubscriptionchange", (event) => {
  const old = event.oldSubscription;
  if (!old) return; // nothing to prove the device by: its next alert's 404/410 removes it
  const renewed = event.newSubscription
    ? Promise.resolve(event.newSubscription)
    : self.registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: old.options.applicationServerKey,
      });
  event.waitUntil(
    renewed
      .then((fresh) =>
        fetch(RENEWAL, {
          method: "POST",
          credentials: "same-origin",
          body: new URLSearchParams({
            old: old.endpoint,
            oldAuth: key(old, "auth"),
            endpoint: fresh.endpoint,
            p256dh: key(fresh, "p256dh"),
            auth: key(fresh, "auth"),
          }),
        }),
      )
      .catch(() => undefined),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const wanted = new URL((event.notification.data && event.notification.data.url) || FALLBACK, self.location.origin);
  const url = wanted.origin === self.location.origin && wanted.pathname.startsWith(STAFF) ? wanted.href : new URL(FALLBACK, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const staff = windows.find((w) => new URL(w.url).pathname.startsWith("/staff"));
      // navigate() works on a window this worker controls (under /staff/); else a new one.
      if (staff)
        return staff
          .navigate(url)
          .then((w) => (w || staff).focus())
          .catch(() => self.clients.openWindow(url));
      return self.clients.openWindow(url);
    }),
  );
});
`;
