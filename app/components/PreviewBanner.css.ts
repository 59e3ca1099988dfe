import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const banner = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.sm,
  alignItems: "center",
  justifyContent: "center",
  padding: vars.space.sm,
  background: vars.color.gold,
  color: vars.color.onGold,
  fontWeight: 600,
  textAlign: "center",
});

export const link = style({ color: vars.color.onGold, textDecoration: "underline" });

export const form = style({ margin: 0 });

/** A 44 px target, dark on the gold band. */
export const end = style({
  minHeight: 44,
  padding: `0 ${vars.space.md}`,
  border: `2px solid ${vars.color.onGold}`,
  borderRadius: 999,
  background: "transparent",
  color: vars.color.onGold,
  font: "inherit",
  fontWeight: 700,
  cursor: "pointer",
  ":focus-visible": { outline: `3px solid ${vars.color.onGold}`, outlineOffset: 2 },
});
