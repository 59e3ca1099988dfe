import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

export const page = style({ display: "grid", gap: vars.space.xl, paddingTop: vars.space.xxl });
export const about = style({ display: "grid", gap: vars.space.md, maxWidth: "46rem" });
export const title = style({ fontSize: vars.size.h1 });
/** The link to the form, first thing under the heading on a phone or tablet. */
export const toForm = style({ margin: 0, "@media": { [bp.desktop]: { display: "none" } } });
export const formCard = style({
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.line}`,
  background: `linear-gradient(160deg, ${vars.color.surfaceRaised}, ${vars.color.surface})`,
  boxShadow: vars.shadow.card,
});
export const formIntro = style({ color: vars.color.muted, marginBottom: vars.space.lg });
/** What was sent, after the toast has gone: the thanks and the reference to quote. */
export const sent = style({
  display: "grid",
  gap: vars.space.xs,
  marginBottom: vars.space.lg,
  padding: `${vars.space.md} ${vars.space.lg}`,
  borderRadius: vars.radius.sm,
  borderLeft: `4px solid ${vars.color.sea}`,
  background: vars.color.surface,
});
export const reference = style({ whiteSpace: "nowrap", letterSpacing: "0.04em" });
