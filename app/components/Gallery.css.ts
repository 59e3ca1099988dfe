import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";
import { visuallyHidden } from "~/styles/ui.css";

export const wrap = style({ display: "grid", gap: vars.space.xl });

/** 1 column on phones, 2 on tablets, 4 on desktops (the spec's grid). */
export const grid = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "1fr",
  "@media": {
    [bp.tablet]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [bp.desktop]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
  },
});

export const item = style({
  borderRadius: vars.radius.md,
  overflow: "hidden",
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.card,
});

export const image = style({
  width: "100%",
  height: "auto",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  transition: "transform 400ms ease",
  selectors: { [`${item}:hover &`]: { transform: "scale(1.04)" } },
});

export const more = style({ display: "flex", justifyContent: "center" });
export const status = visuallyHidden;
