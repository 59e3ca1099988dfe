import { expect, test } from "@playwright/test";
import { enquiryBody, postEnquiry, sentTo, startServer, statesIn } from "./server";
import { scaled } from "../time-scale";

// Each test runs its own server (on its own port) so that it can be stopped: "ops" project only.

test("SIGTERM lets the send in flight finish, leaves the rest pending, refuses new connections, and exits", async () => {
  const server = await startServer(3131);
  // EmailJS's answer takes 0.8 s ([mock:slow]); the second waits a second for its turn.
  expect(await postEnquiry(server.base, "First, sent while the server stops [mock:slow]")).toBe(302);
  expect(await postEnquiry(server.base, "Second, left for the next start [mock:slow]")).toBe(302);
  await expect.poll(() => sentTo(server.record).length, { timeout: scaled(5_000) }).toBe(1);
  const stoppedAt = Date.now();
  server.child.kill("SIGTERM");

  expect(await server.exited).toBe(0);
  expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  await expect(fetch(`${server.base}/healthz`)).rejects.toThrow();
  expect(server.logs()).toContain('"event":"server.stopping"');
  expect(sentTo(server.record).map((s) => s.fields.message)).toEqual([
    "First, sent while the server stops [mock:slow]",
  ]);
  expect(await statesIn(server.database)).toMatchObject({ delivered: 1, pending: 1 });
});

test("every request and delivery outcome is one JSON log line with a request id and no personal data", async () => {
  const server = await startServer(3132);
  try {
    const message = "Private: villa for ten in Hvar";
    const res = await fetch(`${server.base}/contact`, {
      method: "POST",
      body: new URLSearchParams({
        ...Object.fromEntries(enquiryBody(message)),
        name: "Petra Private",
        email: "petra@example.com",
        number: "+385 91 000 1111",
      }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    const requestId = res.headers.get("x-request-id")!;
    await expect
      .poll(() => server.logs().includes(`"event":"enquiry.delivered"`), { timeout: scaled(5_000) })
      .toBe(true);
    const lines = server
      .logs()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const mine = lines.filter((l) => l.requestId === requestId).map((l) => l.event);
    expect(mine).toEqual(["enquiry.accepted", "http.request", "enquiry.delivered"]);
    for (const personal of ["Petra", "petra@example.com", "villa for ten", "000 1111"])
      expect(server.logs()).not.toContain(personal);

    const pageIds: string[] = [];
    for (let i = 0; i < 2; i++)
      pageIds.push((await fetch(`${server.base}/event-organization`)).headers.get("x-request-id")!);
    await expect.poll(() => server.logs().includes(pageIds[1]!)).toBe(true);
    for (const id of pageIds) {
      expect(
        server
          .logs()
          .split("\n")
          .filter((l) => l.includes(`"requestId":"${id}"`)),
      ).toHaveLength(1);
    }
  } finally {
    server.child.kill("SIGTERM");
  }
});
