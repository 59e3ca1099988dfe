import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const switcher = style({ display: "flex" });

export const link = style({
  display: "inline-grid",
  placeItems: "center",
  minWidth: "2.75rem",
  minHeight: "2.75rem",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  color: vars.color.text,
  fontSize: vars.size.sm,
  fontWeight: 600,
  letterSpacing: "0.08em",
  textDecoration: "none",
  ":hover": { borderColor: vars.color.gold, color: vars.color.gold },
  ":focus-visible": { outline: `2px solid ${vars.color.gold}`, outlineOffset: "2px" },
});
