// Store and forward against real server processes; quick retries here (1 s base, 4 s cap); the scenario is outage.spec.ts.
import { rmSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import {
  deliveredCounts,
  health,
  outboxCommand,
  postEnquiry,
  sentTo,
  startServer,
  statesIn,
  workspace,
} from "./server";
import { scaled } from "../time-scale";

const quickRetries = { OUTBOX_RETRY_BASE_MS: "1000", OUTBOX_RETRY_MAX_MS: "4000" };

test("EmailJS answering 500 for 8 s: every enquiry of those seconds is delivered after, once; the channel said failing, health degraded then ok", async () => {
  test.setTimeout(scaled(60_000));
  const server = await startServer(3141, quickRetries);
  try {
    writeFileSync(server.outageFile, "500");
    const messages: string[] = [];
    const outageStarted = Date.now();
    for (let i = 0; i < 4; i++) {
      const message = `During the outage ${i}`;
      messages.push(message);
      expect(await postEnquiry(server.base, message)).toBe(302);
      await new Promise((r) => setTimeout(r, 2_000));
    }
    await expect.poll(async () => (await health(server.base)).status, { timeout: scaled(10_000) }).toBe("degraded");
    await new Promise((r) => setTimeout(r, Math.max(0, 8_000 - (Date.now() - outageStarted))));
    expect(deliveredCounts(server.record).size).toBe(0);
    // A 500 may be one message's doing: the probes went to more than one of them, never more
    // often than the backoff allows.
    expect(sentTo(server.record).length).toBeLessThanOrEqual(8);
    rmSync(server.outageFile);

    await expect.poll(() => deliveredCounts(server.record).size, { timeout: scaled(30_000) }).toBe(4);
    for (const message of messages) expect(deliveredCounts(server.record).get(message)).toBe(1);
    expect(server.logs()).toContain('"event":"channel.failing"');
    await expect.poll(async () => (await health(server.base)).status, { timeout: scaled(5_000) }).toBe("ok");
    expect(await health(server.base)).toMatchObject({ pending: 0, failed: 0 });
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("a permanent 403: marked failed, health degraded; after the fix, `outbox retry --failed` delivers them", async () => {
  test.setTimeout(scaled(60_000));
  const server = await startServer(3142, quickRetries);
  try {
    writeFileSync(server.outageFile, "403");
    for (const n of [1, 2, 3]) expect(await postEnquiry(server.base, `Misconfigured ${n}`)).toBe(302);
    await expect.poll(async () => (await statesIn(server.database)).failed, { timeout: scaled(10_000) }).toBe(3);
    expect(await health(server.base)).toMatchObject({ status: "degraded", failed: 3, pending: 0 });
    expect(sentTo(server.record)).toHaveLength(3);
    expect(server.logs()).toContain("Allow EmailJS API for non-browser applications");

    const listed = outboxCommand(server.database, "list", "failed");
    expect(listed.status).toBe(0);
    expect(listed.stdout).toMatch(/0 pending, 3 failed, 0 delivered/);

    rmSync(server.outageFile); // the operator enabled server-side calls in EmailJS
    const retried = outboxCommand(server.database, "retry", "--failed");
    expect(retried.status).toBe(0);
    expect(retried.stdout).toContain("3 failed deliveries back in pending");
    await expect.poll(() => deliveredCounts(server.record).size, { timeout: scaled(15_000) }).toBe(3);
    await expect.poll(async () => (await health(server.base)).status).toBe("ok");
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("kill -9 with 10 pending: after a restart all 10 are delivered, none twice", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  const first = await startServer(3143, quickRetries, place);
  writeFileSync(place.outageFile, "503");
  const messages = Array.from({ length: 10 }, (_, i) => `Pending at the crash ${i}`);
  for (const message of messages) expect(await postEnquiry(first.base, message)).toBe(302);
  first.child.kill("SIGKILL");
  await first.exited;
  expect((await statesIn(place.database)).pending).toBe(10);

  rmSync(place.outageFile);
  const second = await startServer(3143, quickRetries, place);
  try {
    await expect.poll(() => deliveredCounts(place.record).size, { timeout: scaled(30_000) }).toBe(10);
    for (const message of messages) expect(deliveredCounts(place.record).get(message)).toBe(1);
    expect(await statesIn(place.database)).toMatchObject({ delivered: 10, pending: 0 });
  } finally {
    second.child.kill("SIGTERM");
  }
});

test("kill -9 of the deliverer during a call: after a restart each is delivered, only the one in flight possibly twice, with a warning", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  const first = await startServer(3146, quickRetries, place);
  // EmailJS takes 0.8 s to answer ([mock:slow]): the kill lands during the first call.
  const messages = Array.from({ length: 4 }, (_, i) => `In the crash ${i} [mock:slow]`);
  for (const message of messages) expect(await postEnquiry(first.base, message)).toBe(302);
  await expect.poll(() => sentTo(place.record).length, { timeout: scaled(5_000) }).toBe(1);
  first.child.kill("SIGKILL");
  await first.exited;
  const second = await startServer(3146, quickRetries, place);
  try {
    await expect.poll(async () => (await statesIn(place.database)).delivered, { timeout: scaled(20_000) }).toBe(4);
    const sends = sentTo(place.record).map((s) => s.fields.message);
    // The first may have reached EmailJS before the kill: sent again (the one documented case) and logged; every other once.
    expect(sends.filter((m) => m === messages[0]).length).toBeLessThanOrEqual(2);
    for (const message of messages.slice(1)) expect(sends.filter((m) => m === message)).toHaveLength(1);
    expect(second.logs()).toContain('"event":"enquiry.resending"');
  } finally {
    second.child.kill("SIGTERM");
  }
});

test("two servers on one database file: both accept, one delivers, each enquiry once, one a second", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  const [a, b] = await Promise.all([startServer(3144, {}, place), startServer(3145, {}, place)]);
  try {
    const messages = Array.from({ length: 8 }, (_, i) => `Shared volume ${i}`);
    const statuses = await Promise.all(messages.map((m, i) => postEnquiry((i % 2 ? a : b).base, m)));
    expect(statuses.every((s) => s === 302)).toBe(true);
    await expect.poll(() => deliveredCounts(place.record).size, { timeout: scaled(20_000) }).toBe(8);
    for (const message of messages) expect(deliveredCounts(place.record).get(message)).toBe(1);
    const times = sentTo(place.record).map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(990);
  } finally {
    a.child.kill("SIGTERM");
    b.child.kill("SIGTERM");
  }
});
