// Debian's Chromium, in the two forms the checks use.

/** The full browser: Lighthouse and the screenshots, which measure or show what a visitor's browser does. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** The old headless shell (Debian's chromium-headless-shell, Playwright's own choice for headless runs): the same
 * Blink and V8 without the browser around them, at about half the CPU per test (decision 0053). */
export const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";

/** /dev/shm is small in containers; nothing of the tests needs the browser's own background requests. */
export const BROWSER_ARGS = ["--disable-dev-shm-usage", "--disable-background-networking"];
