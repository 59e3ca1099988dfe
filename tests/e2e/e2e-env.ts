import ids from "./emailjs-test-ids.json" with { type: "json" };

export const PORT = Number(process.env.E2E_PORT ?? 3123);
export const BASE_URL = `http://127.0.0.1:${PORT}`;
export const OUTBOX_PORT = PORT + 1;
export const OUTBOX_BASE_URL = `http://127.0.0.1:${OUTBOX_PORT}`;
/** A third server whose database cannot be written: the one failure a visitor can see. */
export const UNWRITABLE_PORT = PORT + 2;
export const UNWRITABLE_BASE_URL = `http://127.0.0.1:${UNWRITABLE_PORT}`;

/** scripts/test-all.ts builds with these too, so a leak into the client bundle would show in the bundle test. */
export const E2E_EMAILJS: Record<string, string> = ids;
export const E2E_CONFIRMATION_TEMPLATE_ID = "template_e2e_confirm";
export const MOCKS_RECORD_FILE = "reports/emailjs-requests.jsonl";
export const E2E_DATABASE = "reports/e2e.db";
export const E2E_DEFAULT_DATABASE = "reports/e2e-default.db";

export const E2E_SITE_URL = "https://www.adriatic-vip.example";

export const E2E_WHATSAPP_NUMBER = "+385911234567";
