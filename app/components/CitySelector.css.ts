import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const selector = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { [bp.desktop]: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)", alignItems: "start" } },
});

export const groups = style({ display: "grid", gap: vars.space.md });

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
});

/** The first four cities sit together in one framed group. */
export const groupCoast = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const groupPlain = style({ paddingInline: vars.space.sm });

export const city = style({
  display: "inline-flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  minHeight: "48px",
  minWidth: "6.5rem",
  paddingInline: vars.space.md,
  paddingBlock: vars.space.xs,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  textDecoration: "none",
  fontWeight: 600,
  lineHeight: 1.2,
  transition: "background-color 160ms ease, color 160ms ease",
  selectors: {
    "&:hover": { borderColor: vars.color.gold },
    '&[aria-current="true"]': { background: vars.color.gold, color: vars.color.onGold, borderColor: vars.color.gold },
  },
});

export const country = style({ fontSize: "0.7rem", letterSpacing: "0.16em", opacity: 0.85 });

export const panel = style({
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  background: `linear-gradient(160deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
  border: `1px solid ${vars.color.line}`,
  minHeight: "12rem",
});

export const panelTitle = style({
  fontSize: vars.size.h2,
  marginBottom: vars.space.md,
  display: "flex",
  alignItems: "baseline",
  flexWrap: "wrap",
  gap: vars.space.sm,
});
export const panelCountry = style({
  fontFamily: vars.font.body,
  fontSize: vars.size.sm,
  letterSpacing: "0.2em",
  color: vars.color.gold,
});

export const venues = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.sm });
export const venue = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  fontSize: vars.size.lg,
  selectors: {
    "&::before": { content: '""', width: "0.5rem", height: "0.5rem", borderRadius: "50%", background: vars.color.sea },
  },
});
export const abroad = style({ color: vars.color.muted, fontSize: vars.size.lg });
