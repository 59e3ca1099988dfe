import { globalStyle, keyframes, style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

const slideIn = keyframes({ from: { transform: "translateY(-8px)" }, to: { transform: "none" } });

export const toggle = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "44px",
  height: "44px",
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.line}`,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: "pointer",
  selectors: {
    "&:hover": { borderColor: vars.color.gold },
  },
});

/** The icon shows a cross while the menu is open. */
export const bars = style({});
export const cross = style({ display: "none" });
globalStyle(`${toggle}:has(+ :popover-open) ${bars}`, { display: "none" });
globalStyle(`${toggle}:has(+ :popover-open) ${cross}`, { display: "inline" });

/** The browser's own popover box is undone. */
export const overlay = style({
  position: "fixed",
  inset: "4.25rem 0 0 0",
  width: "100%",
  maxWidth: "none",
  height: "auto",
  maxHeight: "none",
  margin: 0,
  padding: 0,
  border: 0,
  borderTop: `1px solid ${vars.color.line}`,
  overflowY: "auto",
  background: vars.color.bg,
  color: vars.color.text,
  selectors: { "&:popover-open": { animation: `${slideIn} 180ms ease-out` } },
});

export const panel = style({
  maxWidth: vars.width.content,
  marginInline: "auto",
  padding: `${vars.space.xl} ${vars.space.lg}`,
  "@media": { [bp.desktop]: { paddingInline: vars.space.xl } },
});

export const list = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  gap: vars.space.sm,
});

export const link = style({
  display: "block",
  paddingBlock: vars.space.sm,
  fontFamily: vars.font.display,
  fontSize: "clamp(1.75rem, 1.2rem + 2.5vw, 3rem)",
  color: vars.color.text,
  textDecoration: "none",
  borderBottom: `1px solid ${vars.color.line}`,
  selectors: {
    "&:hover": { color: vars.color.gold },
    '&[aria-current="page"]': { color: vars.color.gold },
  },
});

export const reach = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.sm} ${vars.space.xl}`,
  marginTop: vars.space.xl,
  color: vars.color.muted,
  overflowWrap: "anywhere",
});

export const language = style({ marginTop: vars.space.lg });
