import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const cards = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  "@media": { [bp.desktop]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});

export const card = style({
  display: "grid",
  gap: vars.space.sm,
  justifyItems: "start",
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.gold,
});

export const label = style({
  fontFamily: vars.font.body,
  fontSize: vars.size.sm,
  letterSpacing: "0.2em",
  textTransform: "uppercase",
  color: vars.color.muted,
});

export const value = style({
  color: vars.color.text,
  fontSize: vars.size.lg,
  fontWeight: 600,
  overflowWrap: "anywhere",
  textUnderlineOffset: "4px",
  textDecorationColor: vars.color.gold,
});

export const whatsapp = style({ color: vars.color.gold, fontWeight: 600, textUnderlineOffset: "4px" });
