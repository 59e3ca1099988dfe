// The no-JS contact POST is answered before Remix (server/answer-first.ts): as through Remix, the action run once.
import { expect, test } from "@playwright/test";
import { enquiryBody, startServer, statesIn, type OpsServer } from "./server";

const PORT = 3241;
let server: OpsServer;

test.beforeAll(async () => {
  // A rate limit low enough to count: an action run twice for one POST would reach it early.
  server = await startServer(PORT, { RATE_LIMIT_MAX: "4" });
});
test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
});

/** X-Forwarded-For is not trusted here: each test's client is the loopback, so the tests share one rate limit. */
const post = (path: string, body: URLSearchParams) =>
  fetch(`${server.base}${path}`, { method: "POST", body, redirect: "manual" });

function shape(response: Response) {
  const headers = Object.fromEntries(
    [...response.headers].filter(
      ([name]) => !["date", "x-request-id", "set-cookie", "content-security-policy"].includes(name),
    ),
  );
  const cookies = response.headers.getSetCookie().map((c) => c.replace(/=.*?;/, "=…;"));
  return { status: response.status, headers, cookies };
}

const stored = async () => Object.values(await statesIn(server.database)).reduce((a, b) => a + b, 0);

test.describe.configure({ mode: "serial" });

test("the success redirect, its toast cookie and headers are those Remix gives the same POST", async () => {
  const first = await post("/contact", enquiryBody("Answered before Remix"));
  const second = await post("/contact?through=remix", enquiryBody("Answered by Remix"));
  expect(first.status).toBe(302);
  expect(first.headers.get("location")).toBe("/contact#enquiry");
  expect(first.headers.getSetCookie().join()).toMatch(/HttpOnly/i);
  expect(shape(first)).toEqual(shape(second));
  expect(await stored()).toBe(2);
});

test("a refused form goes on to Remix's page with its messages and values, counted once", async () => {
  const refused = await post("/hr/contact", enquiryBody("Bez imena", ""));
  expect(refused.status).toBe(400);
  const html = await refused.text();
  expect(html).toContain('lang="hr"');
  expect(html).toContain("Upišite svoje ime.");
  expect(html).toContain("Bez imena");
  // Two POSTs so far and this one: the fourth is still within the limit of 4, the fifth is not.
  expect((await post("/contact", enquiryBody("Fourth of four"))).status).toBe(302);
  const fifth = await post("/contact", enquiryBody("Fifth, past the limit"));
  expect(fifth.status).toBe(429);
  expect(await fifth.text()).toContain("Fifth, past the limit");
  expect(await stored()).toBe(3);
});
