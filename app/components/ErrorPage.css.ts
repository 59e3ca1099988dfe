import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({
  paddingBlock: vars.space.section,
  display: "grid",
  gap: vars.space.lg,
  justifyItems: "start",
});
export const title = style({ fontSize: vars.size.h1 });
export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md });
export const detail = style({
  maxWidth: "100%",
  overflowX: "auto",
  padding: vars.space.md,
  background: vars.color.surface,
  borderRadius: vars.radius.sm,
  fontSize: vars.size.sm,
});
