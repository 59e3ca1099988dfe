import { style, styleVariants } from "@vanilla-extract/css";
import { bp, vars } from "./theme.css";

/** Building blocks shared by several components: page width, section rhythm, buttons. */
export const container = style({
  width: "100%",
  maxWidth: vars.width.content,
  marginInline: "auto",
  paddingInline: vars.space.lg,
  "@media": { [bp.desktop]: { paddingInline: vars.space.xl } },
});

export const section = style({ paddingBlock: vars.space.section });

export const eyebrow = style({
  display: "block",
  color: vars.color.gold,
  fontSize: vars.size.sm,
  fontWeight: 700,
  letterSpacing: "0.22em",
  textTransform: "uppercase",
  marginBottom: vars.space.sm,
});

export const sectionTitle = style({ fontSize: vars.size.h2, marginBottom: vars.space.md });

export const lead = style({
  color: vars.color.muted,
  fontSize: vars.size.lg,
  maxWidth: vars.width.prose,
});

const buttonBase = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.sm,
  minHeight: "48px",
  paddingInline: vars.space.lg,
  borderRadius: vars.radius.pill,
  font: "inherit",
  fontWeight: 700,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  fontSize: vars.size.sm,
  textDecoration: "none",
  cursor: "pointer",
  border: "2px solid transparent",
  transition: "background-color 160ms ease, color 160ms ease, transform 160ms ease",
  selectors: { "&:active": { transform: "translateY(1px)" } },
});

export const button = styleVariants({
  primary: [
    buttonBase,
    {
      background: vars.color.gold,
      color: vars.color.onGold,
      selectors: { "&:hover": { background: vars.color.goldStrong } },
    },
  ],
  ghost: [
    buttonBase,
    {
      background: "transparent",
      color: vars.color.text,
      borderColor: vars.color.gold,
      selectors: { "&:hover": { background: vars.color.goldTintStrong } },
    },
  ],
});

export const visuallyHidden = style({
  position: "absolute",
  width: "1px",
  height: "1px",
  padding: 0,
  margin: "-1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
  border: 0,
});

export const skipLink = style([
  visuallyHidden,
  {
    selectors: {
      "&:focus": {
        position: "fixed",
        top: vars.space.sm,
        left: vars.space.sm,
        width: "auto",
        height: "auto",
        margin: 0,
        clip: "auto",
        zIndex: 100,
        padding: `${vars.space.sm} ${vars.space.md}`,
        background: vars.color.gold,
        color: vars.color.onGold,
        borderRadius: vars.radius.sm,
      },
    },
  },
]);
