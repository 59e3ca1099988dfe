// The contact route's own action as in production, on a real SQLite database, for app/routes/contact*.test.ts.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import type { AppLoadContext } from "@remix-run/node";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { EMPTY_ENQUIRY } from "~/content/enquiry-fields";
import type { ContactActionData } from "~/enquiry/answers.server";
import { sqliteStore } from "./delivery-testbed";

export const VALID = {
  name: "Marko Marić",
  email: "marko@example.com",
  number: "+385 91 234 5678",
  category: "Event organization",
  message: "A birthday on a boat for twenty people in July.",
  website: "",
};

let outbox = "";
export const scratch = () => outbox;

export function scratchDatabasePerTest() {
  // The route's modules transformed once before any test's clock starts (each test imports them
  // afresh, from the transformed copies): two files doing it cold at once took over 5 s here.
  beforeAll(() => import("~/routes/contact"), 60_000);
  beforeEach(async () => {
    outbox = await mkdtemp(path.join(tmpdir(), "outbox-"));
    for (const stream of [process.stdout, process.stderr]) vi.spyOn(stream, "write").mockImplementation(() => true);
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    await rm(outbox, { recursive: true, force: true });
  });
}

export async function stored() {
  const store = sqliteStore(path.join(outbox, "site.db"));
  try {
    return (await store.scan("pending")).deliveries;
  } finally {
    await store.close();
  }
}

export async function caught() {
  const db = new Database(path.join(outbox, "site.db"), { readonly: true });
  try {
    return db
      .prepare(
        "SELECT spam, reference, (SELECT count(*) FROM deliveries d WHERE d.enquiry_id = e.id) AS deliveries FROM enquiries e WHERE spam IS NOT NULL ORDER BY received_at",
      )
      .all() as { spam: string; reference: string; deliveries: number }[];
  } finally {
    db.close();
  }
}

export async function makeAction(
  overrides: { rateMax?: number; trustedProxyHeader?: string; honeypot?: boolean; databaseFile?: string } = {},
) {
  const config: Record<string, string> = {
    EMAILJS_SERVICE_ID: "s",
    EMAILJS_TEMPLATE_ID: "t",
    EMAILJS_PUBLIC_KEY: "p",
    DATABASE_URL: `file:${overrides.databaseFile ?? path.join(outbox, "site.db")}`,
    RATE_LIMIT_MAX: String(overrides.rateMax ?? 100),
    RATE_LIMIT_WINDOW_SECONDS: "60",
    TRUST_PROXY_HEADER: overrides.trustedProxyHeader ?? "",
    HONEYPOT: String(overrides.honeypot ?? true),
    // Fixed, so the toast cookie this file reads back is signed with the action's secret.
    SESSION_SECRET: "unit-test-session-secret-0123456789abcdef",
  };
  for (const [name, value] of Object.entries(config)) vi.stubEnv(name, value);
  vi.resetModules();
  const wiring = (await import("./wiring")).testWiring();
  const { action } = await import("~/routes/contact");
  return (args: Omit<Parameters<typeof action>[0], "context"> & { context: Omit<AppLoadContext, "wiring"> }) =>
    action({ ...args, context: { ...args.context, wiring } });
}

type Body = BodyInit | Record<string, string>;
export function post(
  body: Body,
  headers: Record<string, string> = {},
  encoding: "multipart" | "urlencoded" = "urlencoded",
  path = "/contact",
) {
  let init: RequestInit;
  if (
    typeof body === "object" &&
    !(body instanceof FormData) &&
    !(body instanceof URLSearchParams) &&
    !(body instanceof Uint8Array) &&
    !(body instanceof ReadableStream)
  ) {
    if (encoding === "multipart") {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.append(k, v);
      init = { body: form };
    } else {
      init = { body: new URLSearchParams(body as Record<string, string>) };
    }
  } else {
    init = { body: body as BodyInit };
  }
  return new Request(`http://localhost${path}`, { method: "POST", ...init, headers, duplex: "half" } as RequestInit);
}

export type Action = Awaited<ReturnType<typeof makeAction>>;
export async function run(action: Action | Promise<Action>, request: Request, clientAddress = "10.0.0.1") {
  const result = (await (
    await action
  )({ request, context: { clientAddress, requestId: "test" }, params: {} })) as unknown;
  if (result instanceof Response) return { status: result.status, headers: result.headers, data: undefined };
  const { data, init } = result as { data: ContactActionData; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), data };
}

export async function toastFrom(headers: Headers) {
  const { getToast } = await import("~/utils/toast.server");
  const cookie = headers.get("set-cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost/contact", { headers: { cookie } }))).toast;
}

export function pick(v: typeof VALID) {
  const { website: _omit, ...values } = v;
  return values;
}

export const formValues = (v: typeof VALID) => ({ ...EMPTY_ENQUIRY, ...pick(v) });
