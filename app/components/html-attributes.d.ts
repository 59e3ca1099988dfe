// Attributes that React 18's types predate; React passes them through to the element.
import "react";

/* eslint-disable @typescript-eslint/no-unused-vars -- merged interfaces keep React's `T` */
declare module "react" {
  // The popover API (app/components/MenuOverlay.tsx).
  interface HTMLAttributes<T> {
    popover?: "auto" | "manual";
  }
  interface ButtonHTMLAttributes<T> {
    popovertarget?: string;
  }
  // `<link rel="expect" blocking="render">` (app/root.tsx).
  interface LinkHTMLAttributes<T> {
    blocking?: "render";
  }
}
