import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const cards = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.lg,
  "@media": { [bp.desktop]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" } },
});

export const card = style({
  display: "grid",
  alignContent: "start",
  gap: vars.space.md,
  height: "100%",
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: `linear-gradient(165deg, ${vars.color.surfaceRaised} 0%, ${vars.color.surface} 70%)`,
  color: vars.color.text,
  textDecoration: "none",
  boxShadow: vars.shadow.card,
  transition: "border-color 200ms ease, transform 200ms ease",
  selectors: { "&:hover": { borderColor: vars.color.gold, transform: "translateY(-3px)" } },
});

export const icon = style({ color: vars.color.gold });
export const title = style({ fontSize: vars.size.h3 });
export const summary = style({ color: vars.color.muted });
export const more = style({
  color: vars.color.gold,
  fontWeight: 700,
  fontSize: vars.size.sm,
  letterSpacing: "0.12em",
  textTransform: "uppercase",
});
