import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";
import { visuallyHidden } from "~/styles/ui.css";

export const footer = style({
  marginTop: vars.space.section,
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.line}`,
  paddingTop: vars.space.xxl,
});

export const grid = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { [bp.tablet]: { gridTemplateColumns: "2fr 1fr 1fr" } },
});

export const brand = style({ display: "grid", gap: vars.space.md, justifyItems: "start" });
export const pitch = style({ color: vars.color.muted, maxWidth: "24rem" });

export const heading = style({
  fontFamily: vars.font.body,
  fontSize: vars.size.sm,
  letterSpacing: "0.2em",
  textTransform: "uppercase",
  color: vars.color.gold,
  marginBottom: vars.space.md,
});

export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });

export const link = style({
  display: "inline-block",
  paddingBlock: "0.35rem",
  color: vars.color.text,
  textDecorationColor: vars.color.gold,
  textUnderlineOffset: "4px",
  overflowWrap: "anywhere",
  selectors: { "&:hover": { color: vars.color.gold } },
});

export const external = visuallyHidden;

export const bottom = style({
  display: "flex",
  flexWrap: "wrap",
  justifyContent: "space-between",
  gap: vars.space.sm,
  marginTop: vars.space.xxl,
  paddingBlock: vars.space.lg,
  borderTop: `1px solid ${vars.color.line}`,
  color: vars.color.muted,
  fontSize: vars.size.sm,
});
