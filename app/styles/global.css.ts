import { globalStyle } from "@vanilla-extract/css";
import { reducedMotion, vars } from "./theme.css";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });
globalStyle("html", {
  colorScheme: "dark",
  scrollBehavior: "smooth",
  scrollPaddingTop: "5rem",
  WebkitTextSizeAdjust: "100%",
  "@media": { [reducedMotion]: { scrollBehavior: "auto" } },
});
globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  background: vars.color.bg,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.size.base,
  lineHeight: 1.6,
  WebkitFontSmoothing: "antialiased",
});
globalStyle("main", { flex: "1 0 auto" });
globalStyle("h1, h2, h3", {
  fontFamily: vars.font.display,
  fontWeight: 600,
  lineHeight: 1.15,
  margin: 0,
  letterSpacing: "0.01em",
  textWrap: "balance",
} as never);
globalStyle("p", { margin: 0 });
globalStyle("img, svg", { display: "block", maxWidth: "100%" });
globalStyle("a", { color: "inherit" });
globalStyle(":focus-visible", {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: "3px",
  borderRadius: "4px",
});
globalStyle("::selection", { background: vars.color.gold, color: vars.color.onGold });
globalStyle("*", {
  "@media": {
    [reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});
// Every section of a public page after the first (the contact page's form on a phone, where it is
// below the about text and the cards), and the footer, is laid out and painted when it comes near
// the screen instead of at load: on a cheap phone the first layout of the whole page was the
// largest task of a page that runs no script (decision 0035). Nothing visible changes,
// nor how it reads or is found (find in page, the accessibility tree, links to an anchor); `auto`
// keeps each one's height once it has been rendered, so the scrollbar settles. A height only: a
// width stand-in widened the contact page's grid until the form was drawn, and the cards above
// it moved (tests/e2e/layout-shift.js-only.spec.ts).
globalStyle("#main section:not(:first-of-type), body > footer", {
  contentVisibility: "auto",
  containIntrinsicBlockSize: "auto 40rem",
});
