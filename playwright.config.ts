import { defineConfig, devices } from "@playwright/test";
import {
  BASE_URL,
  E2E_DEFAULT_DATABASE,
  E2E_EMAILJS,
  E2E_CONFIRMATION_TEMPLATE_ID,
  E2E_DATABASE,
  E2E_SITE_URL,
  E2E_WHATSAPP_NUMBER,
  MOCKS_RECORD_FILE,
  OUTBOX_BASE_URL,
  OUTBOX_PORT,
  PORT,
  UNWRITABLE_BASE_URL,
  UNWRITABLE_PORT,
} from "./tests/e2e/e2e-env";
import { measureTimeScale } from "./tests/e2e/time-scale";
import { BROWSER_ARGS, HEADLESS_SHELL } from "./scripts/lib/chromium";
import { workersFor } from "./scripts/lib/cores";
import { SERVER_COMMAND } from "./scripts/lib/server-command";

// Waits about the machine's speed grow with it (tests/e2e/time-scale.ts): measured once, here in
// the main process unless the runner did, and inherited by the workers, which read it again. Only
// when Playwright itself loads this file: knip reads it too, beside the other checks, where the
// measurement took 10 s and a spinning thread for nothing.
if (!process.env.E2E_TIME_SCALE && /playwright/.test(process.argv[1] ?? "")) {
  process.env.E2E_TIME_SCALE = String(measureTimeScale());
  console.log(`e2e: this machine's waits ×${process.env.E2E_TIME_SCALE} (tests/e2e/time-scale.ts)`);
}
const scale = Number(process.env.E2E_TIME_SCALE ?? 1);
const workers = workersFor();

// The servers' JSON logs (relay failures are expected in these tests) only on request.
const serverLogs = process.env.E2E_SERVER_LOGS ? "pipe" : "ignore";
// A browser driven by Playwright fills the form in well under a second, and tests send the same
// text many times: the spam rules on time and repetition are off here (tests/e2e/ops/spam.spec.ts
// switches them on).
const serverEnv = {
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
  SPAM_MIN_SECONDS: "0",
  SPAM_REPEAT_COUNT: "0",
};

/** The server's command, after removing what an earlier run left (its database and the EmailJS
 * stand-in's record): enquiries a run made fail on purpose would otherwise wait in the next run's
 * queue ahead of its own. `exec` keeps the process Playwright stops the server itself. */
const freshThen = (...files: string[]) =>
  `rm -f ${files.flatMap((f) => [f, `${f}-wal`, `${f}-shm`]).join(" ")} && exec ${SERVER_COMMAND}`;

/** End-to-end tests run against the production build (`npm run build` first), in Debian's
 * Chromium, once with JavaScript and once without. */
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // On two cores or fewer, three: at most two ops tests (they mostly wait, see below) beside a browser. On two cores
  // the ops tests last the whole run, so the browser tests take the third worker, one test at a time, and still end
  // first. With two workers, both took ops tests for the first half of the run and the cores sat idle; with four, ops
  // tests passed their limits. Under a CPU quota too, three is the fastest; more cores, more: decision 0062.
  workers: workers.all,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"], ["json", { outputFile: "reports/playwright.json" }]],
  timeout: 30_000 * scale,
  expect: { timeout: 5_000 * scale },
  use: {
    baseURL: BASE_URL,
    // Recording a trace for every test, kept only on failure, cost 19 % of the browser tests' CPU (266 against 215 CPU-s
    // for three files); a failure is rerun with `npx playwright test <file> --trace on` to get one.
    trace: "off",
    launchOptions: {
      executablePath: HEADLESS_SHELL,
      args: BROWSER_ARGS,
    },
  },
  projects: [
    // Server operations (shutdown, logs, outages): node-side tests that start their own servers and mostly wait
    // (a restart, an outage's seconds, a slow upload). First in the queue, one worker short of all (two of three
    // on two cores), so that the browser projects' work fills the cores while they wait.
    { name: "ops", testMatch: /\/ops\/.*\.spec\.ts/, workers: workers.ops },
    // What a browser adds nothing to (helpers.ts's HTTP tag): once, and no browser is started.
    { name: "http", testIgnore: /\/ops\//, grep: /@http/ },
    {
      name: "js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 } },
      testIgnore: /\/ops\//,
      // A page that runs no script is the same with JavaScript on: checked by "no-js" alone.
      grepInvert: /@no-script|@http/,
    },
    {
      name: "no-js",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 900 }, javaScriptEnabled: false },
      // axe injects a script and hangs on a page with JavaScript off: it runs in "js" only.
      // The head's tags (seo.spec) are the server's HTML either way: checked once, in "js".
      testIgnore: [/a11y\.spec\.ts/, /seo\.spec\.ts/, /\.js-only\.spec\.ts/, /\/ops\//],
      grepInvert: /@http/,
    },
  ],
  // Started directly (not through npm or npx) so the process Playwright stops is the server.
  webServer: [
    {
      command: freshThen(E2E_DATABASE, MOCKS_RECORD_FILE),
      url: `${BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000 * scale,
      stderr: serverLogs,
      env: {
        ...serverEnv,
        ...E2E_EMAILJS,
        PORT: String(PORT),
        MOCKS: "true",
        MOCKS_RECORD_FILE,
        PUBLIC_SITE_URL: E2E_SITE_URL,
        WHATSAPP_NUMBER: E2E_WHATSAPP_NUMBER,
        DATABASE_URL: `file:${E2E_DATABASE}`,
        DELIVERY_TIMEOUT_MS: "1500",
        // Pacing is proven by the unit tests, the ops tests and the bench; here it would
        // only queue the suites' enquiries behind each other.
        EMAILJS_MIN_INTERVAL_MS: "100",
        // Every visitor is sent a confirmation (tests/e2e/confirmation.spec.ts).
        EMAILJS_CONFIRMATION_TEMPLATE_ID: E2E_CONFIRMATION_TEMPLATE_ID,
        // One test's provider error ([mock:500]) marks e-mail failing until the next probe: soon
        // here, and never more than a second apart however many probes fail (the backoff doubles
        // up to its cap), so no other test's enquiry waits behind it for long.
        OUTBOX_RETRY_BASE_MS: "500",
        OUTBOX_RETRY_MAX_MS: "1000",
        // Every test posts from 127.0.0.1; the limit itself is covered by unit tests.
        RATE_LIMIT_MAX: "10000",
      },
    },
    {
      command: freshThen(E2E_DEFAULT_DATABASE),
      url: `${OUTBOX_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000 * scale,
      stderr: serverLogs,
      // Also the staging switch: this server asks search engines not to index it.
      env: {
        ...serverEnv,
        PORT: String(OUTBOX_PORT),
        DATABASE_URL: `file:${E2E_DEFAULT_DATABASE}`,
        ROBOTS_NOINDEX: "true",
      },
    },
    {
      command: SERVER_COMMAND,
      url: `${UNWRITABLE_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000 * scale,
      stderr: serverLogs,
      env: { ...serverEnv, PORT: String(UNWRITABLE_PORT), DATABASE_URL: "file:/dev/null/site.db" },
    },
  ],
});
