import { style } from "@vanilla-extract/css";

export const link = style({ display: "inline-flex", alignItems: "center", gap: "0.4em" });
export const icon = style({ flexShrink: 0 });
