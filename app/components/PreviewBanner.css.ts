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
