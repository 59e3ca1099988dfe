import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const hero = style({
  position: "relative",
  overflow: "hidden",
  display: "grid",
  alignItems: "center",
  minHeight: "min(88vh, 46rem)",
  paddingBlock: `${vars.space.xxl} 9rem`,
  background: [
    `radial-gradient(60rem 30rem at 80% 10%, ${vars.glow.violet}, transparent 60%)`,
    `radial-gradient(40rem 24rem at 10% 30%, ${vars.glow.sea}, transparent 60%)`,
    `radial-gradient(30rem 12rem at 50% 100%, ${vars.glow.gold}, transparent 70%)`,
    "linear-gradient(180deg, #0b0620 0%, #160a2e 55%, #07070d 100%)",
  ].join(", "),
});

/** Still SVG dots: radial gradients and an endless animation took more CPU than the page on 2 cores
 * (docs/performance.md). */
export const stars = style({
  position: "absolute",
  inset: 0,
  width: "100%",
  height: "100%",
  opacity: 0.72,
  pointerEvents: "none",
});

export const inner = style({
  position: "relative",
  zIndex: 1,
  width: "100%",
  maxWidth: vars.width.content,
  marginInline: "auto",
  paddingInline: vars.space.lg,
  display: "grid",
  gap: vars.space.lg,
  justifyItems: "start",
  "@media": { [bp.desktop]: { paddingInline: vars.space.xl } },
});

export const tagline = style({
  color: vars.color.gold,
  fontWeight: 700,
  letterSpacing: "0.35em",
  textTransform: "uppercase",
  fontSize: vars.size.sm,
});

export const title = style({
  fontSize: vars.size.h1,
  letterSpacing: "0.04em",
  textTransform: "uppercase",
  background: `linear-gradient(100deg, ${vars.color.text} 30%, ${vars.color.goldStrong} 70%)`,
  WebkitBackgroundClip: "text",
  backgroundClip: "text",
  color: "transparent",
});

export const copy = style({ color: vars.color.muted, fontSize: vars.size.xl, maxWidth: "34rem" });

export const actions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md });

export const skyline = style({
  position: "absolute",
  insetInline: 0,
  bottom: 0,
  width: "100%",
  height: "clamp(80px, 14vw, 160px)",
});
