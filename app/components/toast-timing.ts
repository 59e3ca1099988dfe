/** How long a toast stays, as the spec says: the live toast's timer and the no-JavaScript
 * toast's CSS animation both read this. */
export const TOAST_MS = 6_000;
