import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3123);
export const BASE_URL = `http://127.0.0.1:${PORT}`;

/** End-to-end tests run against the production build (`npm run build` first), in Debian's
 * Chromium, once with JavaScript and once without. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: ["--disable-dev-shm-usage", "--disable-background-networking"],
    },
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } } },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, javaScriptEnabled: false },
      // axe injects a script and hangs on a page with JavaScript off: it runs in "js" only.
      testIgnore: /a11y\.spec\.ts/,
    },
  ],
  webServer: {
    // Started directly (not through npx) so the process Playwright stops is the server.
    command: "node_modules/.bin/remix-serve build/server/index.js",
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 30_000,
    env: { PORT: String(PORT), HOST: "127.0.0.1", NODE_ENV: "production" },
  },
});
