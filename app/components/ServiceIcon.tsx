import type { ServiceSlug } from "~/content/services";

const PATHS: Record<ServiceSlug, string> = {
  // A cocktail glass with a spark.
  "vip-nightclub-experience": "M8 8h20l-10 12zM18 20v10M12 31h12M29 4l1.5 3 3 1.5-3 1.5L29 13l-1.5-3-3-1.5 3-1.5z",
  // Balloons and ribbon.
  "event-organization":
    "M14 4a6 7 0 1 1 0 14a6 7 0 1 1 0-14M25 9a5 6 0 1 1 0 12a5 6 0 1 1 0-12M14 18q-2 6 2 14M25 21q2 5-1 11",
  // A concierge bell.
  "concierge-services": "M6 27h28M9 27a11 11 0 0 1 22 0M20 12v4M17 12h6M4 31h32",
};

export function ServiceIcon({ slug }: { slug: ServiceSlug }) {
  return (
    <svg viewBox="0 0 40 36" width="40" height="36" aria-hidden="true" focusable="false">
      <path
        d={PATHS[slug]}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
