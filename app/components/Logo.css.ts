import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const logo = style({
  display: "inline-flex",
  alignItems: "center",
  gap: "0.4rem",
  color: vars.color.gold,
  textDecoration: "none",
  minHeight: "44px",
});
export const mark = style({ width: "1.75rem", height: "1.75rem", flexShrink: 0 });
export const word = style({
  fontFamily: vars.font.display,
  fontSize: "0.95rem",
  fontWeight: 700,
  letterSpacing: "0.1em",
  textTransform: "uppercase",
  color: vars.color.text,
  whiteSpace: "nowrap",
  "@media": { [bp.tablet]: { fontSize: vars.size.lg, letterSpacing: "0.18em" } },
});
