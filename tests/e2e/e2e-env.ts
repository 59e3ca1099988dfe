import ids from "./emailjs-test-ids.json" with { type: "json" };

/** Where the e2e servers listen and write; shared by playwright.config.ts and specs. */
export const PORT = Number(process.env.E2E_PORT ?? 3123);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
/** A second server with no EmailJS ids: the embedded default, enquiries stored only. */
export const OUTBOX_PORT = PORT + 1;
export const OUTBOX_BASE_URL = `http://127.0.0.1:${OUTBOX_PORT}`;
/** A third server whose database cannot be written (a path below a file): the one failure a
 * visitor can see. */
export const UNWRITABLE_PORT = PORT + 2;
export const UNWRITABLE_BASE_URL = `http://127.0.0.1:${UNWRITABLE_PORT}`;

/** Test ids: the e2e server relays to the msw stand-in of EmailJS (MOCKS=true).
 * scripts/test-all.ts builds with these in the environment too, so a leak into the client
 * bundle would show in the bundle test. */
export const E2E_EMAILJS: Record<string, string> = ids;
/** The main e2e server sends visitors a confirmation with this template (the ops servers do
 * only where a spec asks). */
export const E2E_CONFIRMATION_TEMPLATE_ID = "template_e2e_confirm";
export const MOCKS_RECORD_FILE = "reports/emailjs-requests.jsonl";
/** The main server's SQLite database, and the embedded-default server's. */
export const E2E_DATABASE = "reports/e2e.db";
export const E2E_DEFAULT_DATABASE = "reports/e2e-default.db";

/** The public address the main e2e server is told it has (canonical URLs, share tags). */
export const E2E_SITE_URL = "https://www.adriatic-vip.example";

/** The main e2e server offers WhatsApp on this number; the other two have none. */
export const E2E_WHATSAPP_NUMBER = "+385911234567";
