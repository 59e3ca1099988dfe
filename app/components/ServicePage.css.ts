import { globalStyle, style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const intro = style({
  paddingTop: vars.space.xxl,
  background: [
    `radial-gradient(50rem 22rem at 85% 0%, ${vars.glow.violetSoft}, transparent 60%)`,
    `radial-gradient(30rem 18rem at 0% 20%, ${vars.glow.seaSoft}, transparent 60%)`,
  ].join(", "),
});

export const introGrid = style({
  display: "grid",
  gap: vars.space.xl,
  "@media": { [bp.desktop]: { gridTemplateColumns: "minmax(0, 3fr) minmax(0, 2fr)", alignItems: "start" } },
});

export const text = style({ display: "grid", gap: vars.space.lg });
export const title = style({ fontSize: vars.size.h1 });

export const offerCard = style({
  padding: vars.space.xl,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.card,
});
export const icon = style({ color: vars.color.gold, display: "block", marginBottom: vars.space.sm });
export const offerTitle = style({ fontSize: vars.size.h3, marginBottom: vars.space.md });
export const offers = style({
  margin: 0,
  paddingLeft: "1.1rem",
  display: "grid",
  gap: vars.space.sm,
});
globalStyle(`${offers} li::marker`, { color: vars.color.gold });

export const cta = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.lg,
  marginTop: vars.space.xl,
  padding: vars.space.lg,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.gold}`,
  background: vars.color.goldTint,
});
export const closing = style({ maxWidth: "44rem", fontSize: vars.size.lg });
export const ctaActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm });
