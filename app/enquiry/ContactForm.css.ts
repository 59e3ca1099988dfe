import { globalStyle, style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const form = style({ display: "grid", gap: vars.space.lg });

export const row = style({
  display: "grid",
  gap: vars.space.lg,
  "@media": { [bp.tablet]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" } },
});

export const field = style({ display: "grid", gap: vars.space.xs, alignContent: "start" });

export const label = style({ fontWeight: 600, fontSize: vars.size.sm, letterSpacing: "0.04em" });

export const control = style({
  width: "100%",
  minHeight: "48px",
  padding: `${vars.space.sm} ${vars.space.md}`,
  font: "inherit",
  fontSize: "1rem",
  color: vars.color.text,
  background: vars.color.bg,
  border: `1px solid ${vars.color.line}`,
  borderRadius: vars.radius.sm,
  selectors: {
    "&:hover": { borderColor: vars.color.muted },
    "&:focus-visible": { borderColor: vars.color.focus },
    '&[aria-invalid="true"]': { borderColor: vars.color.danger },
  },
});

export const error = style({ color: vars.color.danger, fontSize: vars.size.sm });

export const problems = style({
  display: "grid",
  gap: vars.space.xs,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  borderLeft: `4px solid ${vars.color.danger}`,
  background: vars.color.surface,
});
export const problemsTitle = style({ margin: 0, fontWeight: 700 });
export const problemsList = style({ margin: 0, paddingLeft: vars.space.lg, display: "grid", gap: vars.space.xs });
globalStyle(`${problemsList} a`, { color: vars.color.text, textUnderlineOffset: "3px" });

export const honeypot = style({
  position: "absolute",
  left: "-10000px",
  width: "1px",
  height: "1px",
  overflow: "hidden",
});

export const actions = style({ display: "flex", justifyContent: "flex-start" });

export const privacy = style({
  margin: 0,
  color: vars.color.muted,
  fontSize: vars.size.sm,
});
globalStyle(`${privacy} a`, { color: vars.color.text, textUnderlineOffset: "3px" });

export const details = style({
  display: "grid",
  gap: vars.space.lg,
  margin: 0,
  padding: `${vars.space.md} 0 0`,
  border: 0,
  borderTop: `1px solid ${vars.color.line}`,
  minWidth: 0,
});
export const detailsLegend = style({ fontWeight: 700, padding: 0, float: "left", width: "100%" });
export const detailsHint = style({ margin: 0, color: vars.color.muted, fontSize: vars.size.sm, clear: "both" });
/** A date picker needs about 9.5rem: one field above the other on a narrow phone. */
export const pair = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "repeat(auto-fit, minmax(min(100%, 9.5rem), 1fr))",
});
