import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const head = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "end",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});

export const prompt = style({ marginBottom: vars.space.xl });
