import { keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "~/styles/theme.css";
import { TOAST_MS } from "./toast-timing";

const enter = keyframes({
  from: { transform: "translate(-50%, -12px)", opacity: 0 },
  to: { transform: "translate(-50%, 0)", opacity: 1 },
});
const leave = keyframes({ to: { visibility: "hidden", opacity: 0 } });

const base = style({
  position: "fixed",
  top: "50px",
  left: "50%",
  transform: "translate(-50%, 0)",
  zIndex: 60,
  width: "min(32rem, calc(100vw - 2rem))",
  // Flex cannot reach into a <details>'s content slot, so the close button floats instead.
  display: "block",
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.toast,
  borderLeft: "6px solid",
  animation: `${enter} 200ms ease-out`,
});

export const toast = styleVariants({
  success: [base, { borderLeftColor: vars.color.sea }],
  info: [base, { borderLeftColor: vars.color.focus }],
  warning: [base, { borderLeftColor: vars.color.gold }],
  error: [base, { borderLeftColor: vars.color.danger }],
});

/** For no JavaScript; reduced motion shortens the animation, never the delay. */
export const cssTimed = style({
  animation: `${enter} 200ms ease-out, ${leave} 1ms linear ${TOAST_MS}ms forwards`,
  // Its summary (the close button) closes the <details>: then hide the whole toast.
  selectors: { "&:not([open])": { display: "none" } },
});

export const body = style({ display: "flex", gap: vars.space.md, alignItems: "flex-start", flex: 1 });

export const icon = style({
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  width: "1.75rem",
  height: "1.75rem",
  borderRadius: "50%",
  background: vars.color.bg,
  color: vars.color.gold,
  fontWeight: 700,
});

export const message = style({ fontWeight: 700 });
export const description = style({ color: vars.color.muted, fontSize: vars.size.sm, marginTop: vars.space.xs });

export const close = style({
  float: "right",
  marginLeft: vars.space.sm,
  display: "inline-grid",
  placeItems: "center",
  flexShrink: 0,
  width: "44px",
  height: "44px",
  marginTop: "-0.5rem",
  marginRight: "-0.5rem",
  border: 0,
  borderRadius: "50%",
  background: "transparent",
  color: vars.color.muted,
  fontSize: "1.5rem",
  lineHeight: 1,
  cursor: "pointer",
  listStyle: "none",
  selectors: {
    "&::-webkit-details-marker": { display: "none" },
    "&:hover": { color: vars.color.text, background: vars.color.surface },
  },
});
