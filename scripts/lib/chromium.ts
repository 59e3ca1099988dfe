// Debian's Chromium (decision 0053): the full browser for Lighthouse and screenshots, the old headless shell for tests.
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const HEADLESS_SHELL = process.env.HEADLESS_SHELL_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
export const BROWSER_ARGS = ["--disable-dev-shm-usage", "--disable-background-networking"];
