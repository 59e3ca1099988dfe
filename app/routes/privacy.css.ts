import { style } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";

export const page = style({ display: "grid", gap: vars.space.xl, paddingTop: vars.space.xxl, maxWidth: "46rem" });
export const title = style({ fontSize: vars.size.h1 });
export const sectionBlock = style({ display: "grid", gap: vars.space.sm });
export const heading = style({ fontSize: vars.size.lg, color: vars.color.gold });
export const text = style({ color: vars.color.muted, lineHeight: 1.7 });
