import { style } from "@vanilla-extract/css";
import { bp, vars } from "~/styles/theme.css";

const narrow = "screen and (max-width: 419px)";

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 40,
  // Nearly opaque instead of backdrop-filter: a filter would make the header the containing
  // block of the fixed overlay menu inside it and shrink the overlay to the header's size.
  background: vars.color.bgVeil,
  borderBottom: `1px solid ${vars.color.line}`,
});

export const bar = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  maxWidth: vars.width.content,
  marginInline: "auto",
  minHeight: "4.25rem",
  paddingInline: vars.space.md,
  "@media": {
    // Logo, language, Contact and the menu button side by side on a 375 px phone.
    [narrow]: { paddingInline: vars.space.sm, gap: vars.space.xs },
    [bp.desktop]: { paddingInline: vars.space.xl },
  },
});

export const nav = style({
  display: "none",
  "@media": { [bp.desktop]: { display: "block" } },
});

export const navList = style({ display: "flex", gap: vars.space.md, listStyle: "none", margin: 0, padding: 0 });

export const navLink = style({
  color: vars.color.muted,
  textDecoration: "none",
  fontSize: vars.size.sm,
  fontWeight: 600,
  letterSpacing: "0.06em",
  textTransform: "uppercase",
  whiteSpace: "nowrap",
  paddingBlock: vars.space.sm,
  borderBottom: "2px solid transparent",
  selectors: {
    "&:hover": { color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.text, borderBottomColor: vars.color.gold },
  },
});

export const actions = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  "@media": { [narrow]: { gap: vars.space.xs } },
});

export const contact = style({
  minHeight: "44px",
  paddingInline: "0.9rem",
  "@media": {
    [narrow]: { paddingInline: "0.7rem", letterSpacing: "0.04em" },
    "screen and (max-width: 359px)": { display: "none" },
  },
});
