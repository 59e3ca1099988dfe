import { createGlobalTheme } from "@vanilla-extract/css";

/** The one theme every component reads from: colour, space, type, radii, motion. */
export const vars = createGlobalTheme(":root", {
  color: {
    bg: "#07070d",
    surface: "#11111c",
    surfaceRaised: "#191927",
    line: "#2a2a3d",
    text: "#f4f1ea",
    muted: "#b9b5c9",
    gold: "#e3c27a",
    goldStrong: "#f0d595",
    onGold: "#15110a",
    sea: "#3fd6d0",
    focus: "#7fe3ff",
    danger: "#ff8a8a",
    /** The page background, nearly opaque: the sticky header over scrolled content. */
    bgVeil: "rgba(7, 7, 13, 0.96)",
    goldTint: "rgba(227, 194, 122, 0.06)",
    goldTintStrong: "rgba(227, 194, 122, 0.12)",
  },
  /** The night-sky glows behind the hero and the service introductions. */
  glow: {
    violet: "rgba(200, 107, 250, 0.35)",
    violetSoft: "rgba(200, 107, 250, 0.22)",
    sea: "rgba(63, 214, 208, 0.22)",
    seaSoft: "rgba(63, 214, 208, 0.14)",
    gold: "rgba(227, 194, 122, 0.25)",
  },
  space: {
    xs: "0.25rem",
    sm: "0.5rem",
    md: "1rem",
    lg: "1.5rem",
    xl: "2.5rem",
    xxl: "4rem",
    section: "clamp(3.5rem, 8vw, 7rem)",
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    // Apple's, then Windows', then Georgia; Palatino and Book Antiqua are where those already
    // are, and each name a system lacks is one more font lookup before the first layout.
    display: '"Iowan Old Style", "Palatino Linotype", Georgia, serif',
  },
  size: {
    sm: "0.875rem",
    base: "1rem",
    lg: "1.125rem",
    xl: "1.375rem",
    h3: "clamp(1.25rem, 1.1rem + 0.6vw, 1.5rem)",
    h2: "clamp(1.75rem, 1.4rem + 1.6vw, 2.75rem)",
    h1: "clamp(2.5rem, 1.6rem + 4.5vw, 5.5rem)",
  },
  radius: { sm: "6px", md: "14px", pill: "999px" },
  width: { content: "72rem", prose: "40rem" },
  shadow: { card: "0 10px 30px rgba(0, 0, 0, 0.45)", toast: "0 18px 50px rgba(0, 0, 0, 0.6)" },
});

/** Breakpoints for mobile-first media queries (phone < 640 ≤ tablet < 1024 ≤ desktop). */
export const bp = {
  tablet: "screen and (min-width: 640px)",
  desktop: "screen and (min-width: 1024px)",
} as const;

export const reducedMotion = "(prefers-reduced-motion: reduce)";
