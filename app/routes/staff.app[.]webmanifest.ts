import { BRAND } from "~/content/site";

/** The staff area as an installable app (decision 0039): its own name, start page and scope, so that on
 * iOS (16.4+) it can be added to the Home Screen, the only place iOS delivers web alerts to. The
 * public site's manifest (public/site.webmanifest) is a different app. Scope /staff: the area's
 * home (/staff) and every page under it open inside the app. */
export function loader() {
  const manifest = {
    id: "/staff",
    name: `${BRAND} · Staff`,
    short_name: "Staff",
    description: "Enquiries for the team: the desk, the inbox, alerts on this phone.",
    start_url: "/staff/inbox/needs-reply",
    scope: "/staff",
    display: "standalone",
    background_color: "#07070d",
    theme_color: "#07070d",
    icons: [
      { src: "/icons/icon-192.png", type: "image/png", sizes: "192x192" },
      { src: "/icons/icon-512.png", type: "image/png", sizes: "512x512" },
    ],
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "no-store" },
  });
}
