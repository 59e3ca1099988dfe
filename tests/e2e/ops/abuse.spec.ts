// The abuse corpus against the production build, in order on one server (one worker), each failure on its own.
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { PAGE_PATHS } from "../../../app/content/pages";
import { ABUSE_PORT, cases, hostileQueries, keepAliveCases, send, viaAgent } from "./abuse-corpus";
import { sentTo, startServer, statesIn, type OpsServer } from "./server";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "default" });

let server: OpsServer;
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${server.child.pid}/status`, "utf8"))?.[1]) * 1024;
let rssBefore = 0;
let rssPeak = 0;
let cacheEntriesBefore = 0;
const cacheEntries = async () =>
  ((await (await fetch(`${server.base}/healthz`)).json()) as { pageCache: { entries: number } }).pageCache.entries;

test.beforeAll(async () => {
  server = await startServer(ABUSE_PORT);
  for (const p of PAGE_PATHS) await fetch(server.base + p);
  cacheEntriesBefore = await cacheEntries();
  rssBefore = rssPeak = rss();
});
test.afterAll(async () => {
  server.child.kill("SIGTERM");
  await server.exited;
});

for (const [i, c] of cases.entries()) {
  test(`request ${i + 1}: ${c.name}`, async () => {
    test.setTimeout(scaled(30_000));
    const sentBefore = sentTo(server.record).length;
    const { status, body } = await send(c.req);
    rssPeak = Math.max(rssPeak, rss());
    expect(status, "an answer within 20 s").toBeGreaterThan(0);
    expect(status, "never a 5xx").toBeLessThan(500);
    if (c.secret) expect(body).not.toMatch(/root:x:|"name": "adriatic-vip-site"|createRequestHandler/);
    expect(sentTo(server.record).length, "nothing relayed to EmailJS").toBe(sentBefore);
  });
}

for (const c of keepAliveCases) {
  test(`keep-alive: ${c.name}, then the next request on the same connection`, async () => {
    const { Agent } = await import("node:http");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const first = await viaAgent(agent, c);
    const next = await viaAgent(agent, { method: "GET", target: "/healthz" });
    agent.destroy();
    expect(first.status).toBeGreaterThanOrEqual(400);
    expect(first.status).toBeLessThan(500);
    expect(next.status, next.error).toBe(200);
  });
}

for (const [i, target] of hostileQueries.entries()) {
  test(`hostile query ${i + 1}: ${target.slice(0, 60)}`, async () => {
    const { status } = await send({ method: "GET", target });
    expect(status).toBeGreaterThan(0);
    expect(status).toBeLessThan(500);
  });
}

test("afterwards: healthy, nothing stored, memory bounded, the page cache no larger", async () => {
  expect((await fetch(`${server.base}/healthz`)).ok).toBe(true);
  expect(sentTo(server.record)).toEqual([]);
  const stored = Object.values(await statesIn(server.database)).reduce((a, b) => a + b, 0);
  expect(stored, "hostile requests stored in the database").toBe(0);
  expect(await cacheEntries()).toBe(cacheEntriesBefore);
  expect(rss() - rssBefore, `RSS ${rssBefore} before, ${rssPeak} peak`).toBeLessThan(100 * 1024 * 1024);
});
