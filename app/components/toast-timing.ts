/** The spec's; read by the live timer and the no-JavaScript CSS animation. */
export const TOAST_MS = 6_000;
