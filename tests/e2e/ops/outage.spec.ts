// An outage belongs to the provider, not to each enquiry (decision 0026): the stand-in answers 503 while
// visitors keep writing, then recovers. Timings scaled down: backoff 0.5 s doubling to 2 s, e-mail paced at 150 ms.
import { rmSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { mostProbesWithin } from "../../../app/delivery/retry-policy.server";
import { startPgCluster, type PgCluster } from "../../support/pg-cluster";
import { INBOX } from "../../../app/i18n/inbox";
import {
  type OpsServer,
  startServer,
  workspace,
  postEnquiry,
  enquiryBody,
  health,
  sentTo,
  channelCounts,
  outboxCommand,
} from "./server";
import { acceptInvitation, addAuthenticator, linkIn, staffCommand, staffServer } from "./staff-helpers";
import { median } from "../../../scripts/lib/stats";
import {
  BACKOFF,
  PACE_MS,
  SCALED,
  WEBHOOK,
  webhookMessage,
  sleep,
  gaps,
  visitorsWrite,
  metrics,
  inOrder,
  emailCalls,
  referencePace,
  outboxOn,
} from "./outage-helpers";
import { scaled } from "../time-scale";

async function outageScenario(server: OpsServer, { webhook = false, databaseUrl = `file:${server.database}` } = {}) {
  const referenceGap = await referencePace(server);
  const before = emailCalls(server.record).length;
  writeFileSync(server.outageFile, "503");
  const started = Date.now();
  const accepted = await visitorsWrite(server.base, "Outage", 6_000);
  const during = await health(server.base);
  expect(during).toMatchObject({
    status: "degraded",
    channels: { email: { state: "failing", failingSince: expect.any(String), nextProbeAt: expect.any(String) } },
  });
  expect((during.problems as string[]).join()).toMatch(/email failing since/);
  if (webhook) expect(during).toMatchObject({ channels: { webhook: { state: "up", failed: 0 } } });
  const gauges = await metrics(server.base);
  expect(gauges.get('enquiry_channel_up{channel="email"}')).toBe(0);
  expect(gauges.get('enquiry_channel_failing_since_timestamp_seconds{channel="email"}')! * 1000).toBeGreaterThanOrEqual(
    started - 1_000,
  );
  expect(gauges.get('enquiry_channel_next_probe_timestamp_seconds{channel="email"}')).toBeGreaterThan(
    gauges.get('enquiry_channel_failing_since_timestamp_seconds{channel="email"}')!,
  );
  if (webhook) expect(gauges.get('enquiry_channel_up{channel="webhook"}')).toBe(1);
  const channels = outboxOn(databaseUrl, "channels", "--json");
  expect(channels.status).toBe(1);
  expect(JSON.parse(channels.stdout.split("\n")[0]!)).toMatchObject({ v: 1, channel: "email", state: "failing" });

  rmSync(server.outageFile);
  const recovered = Date.now();
  await expect
    .poll(
      () =>
        accepted.filter((m) => emailCalls(server.record).some((s) => s.fields.message === m && s.answered === "200"))
          .length,
      {
        timeout: scaled(30_000),
      },
    )
    .toBe(accepted.length);

  const calls = emailCalls(server.record).slice(before);
  const failed = calls.filter((s) => s.answered !== "200");
  const delivered = calls.filter((s) => s.answered === "200");
  // Calls while it failed: bounded by the backoff's steps over the time it failed, not by the number waiting
  // (a share of the enquiries would depend on how many a busy machine accepted in those seconds).
  expect(failed.length).toBeGreaterThanOrEqual(2);
  expect(failed.length).toBeLessThanOrEqual(mostProbesWithin(recovered - started + 500, BACKOFF));
  const order = delivered.map((s) => s.fields.message!);
  expect(order[0]).toBe(accepted[0]);
  expect(inOrder(order, accepted)).toBeGreaterThanOrEqual(0.95);
  expect(new Set(order).size).toBe(order.length);
  const drain = gaps(delivered.map((s) => s.at));
  expect(Math.min(...drain)).toBeGreaterThanOrEqual(PACE_MS - 5);
  expect(median(drain)).toBeLessThanOrEqual(referenceGap * 1.5 + 50);
  await expect.poll(async () => (await health(server.base)).status, { timeout: scaled(10_000) }).toBe("ok");
  expect((await health(server.base)).channels).toMatchObject({ email: { state: "up", pending: 0, failed: 0 } });
  expect(server.logs()).toContain('"event":"channel.recovered"');
  const after = await metrics(server.base);
  expect(after.get('enquiry_channel_up{channel="email"}')).toBe(1);
  expect(after.get('enquiry_channel_failing_since_timestamp_seconds{channel="email"}')).toBe(0);
  expect(after.get('enquiry_channel_probes_total{channel="email",result="failed"}')).toBe(failed.length - 1);
  expect(after.get('enquiry_channel_probes_total{channel="email",result="delivered"}')).toBe(1);
  return { accepted, recovered };
}

test("EmailJS down while visitors write, then back (SQLite, one server): the oldest first, in order, at the pace, calls bounded; the webhook beside it never waits", async () => {
  test.setTimeout(scaled(90_000));
  const server = await startServer(3211, { ...SCALED, ...WEBHOOK });
  try {
    const { accepted, recovered } = await outageScenario(server, { webhook: true });
    const webhook = sentTo(server.record).filter((s) => s.channel === "webhook" && s.answered === "200");
    for (const message of accepted) {
      const posted = webhook.filter((s) => webhookMessage(s.body!) === message);
      expect(posted, message).toHaveLength(1);
      expect(posted[0]!.at).toBeLessThan(recovered);
    }
  } finally {
    server.child.kill("SIGTERM");
  }
});

test.describe("on PostgreSQL", () => {
  let cluster: PgCluster;
  test.beforeAll(async () => {
    test.setTimeout(scaled(60_000));
    cluster = await startPgCluster();
  });
  test.afterAll(() => cluster?.remove());

  test("EmailJS down while visitors write, then back (PostgreSQL, one server): the oldest first, in order, at the pace, calls bounded", async () => {
    test.setTimeout(scaled(90_000));
    const databaseUrl = cluster.createDatabase("outage");
    const server = await startServer(3212, { ...SCALED, DATABASE_URL: databaseUrl });
    try {
      await outageScenario(server, { databaseUrl });
      expect(
        cluster
          .psql("SELECT failing_since IS NULL, failures FROM delivery_pacing WHERE channel = 'email'", "outage")
          .trim(),
      ).toMatch(/^t\|0$/);
    } finally {
      server.child.kill("SIGTERM");
    }
  });

  test("the webhook down, the delivering replica killed (kill -9) during its outage: the other goes on with its backoff, e-mail never waits, the webhook's oldest first, at most one resend", async () => {
    test.setTimeout(scaled(90_000));
    const place = workspace();
    const env = { ...SCALED, ...WEBHOOK, DATABASE_URL: cluster.createDatabase("replicas") };
    writeFileSync(`${place.outageFile}.webhook`, "503");
    const [deliverer, other] = [await startServer(3216, env, place), await startServer(3217, env, place)];
    try {
      await crashDuringOutage(place, other!, async () => {
        const holder = cluster.psql("SELECT holder FROM enquiry_deliverer", "replicas").trim();
        expect(holder).toContain(`:${deliverer!.child.pid}:`);
        deliverer!.child.kill("SIGKILL");
        await deliverer!.exited;
        return other!;
      });
      expect(cluster.psql("SELECT holder FROM enquiry_deliverer", "replicas").trim()).toContain(
        `:${other!.child.pid}:`,
      );
    } finally {
      deliverer!.child.kill("SIGKILL");
      other!.child.kill("SIGTERM");
    }
  });
});

async function crashDuringOutage(
  place: ReturnType<typeof workspace>,
  visitor: OpsServer,
  crash: () => Promise<OpsServer>,
) {
  const webhookCalls = () => sentTo(place.record).filter((s) => s.channel === "webhook");
  const started = Date.now();
  const accepted = await visitorsWrite(visitor.base, "Crash", 5_000);
  const before = (await health(visitor.base)).channels as Record<string, Record<string, unknown>>;
  expect(before.webhook).toMatchObject({ state: "failing" });
  const survivor = await crash();
  // The state survived: the same outage, its backoff counted on, not started over.
  const after = (await health(survivor.base)).channels as Record<string, Record<string, unknown>>;
  expect(after.webhook).toMatchObject({ state: "failing", failingSince: before.webhook!.failingSince });
  expect(after.webhook!.failures as number).toBeGreaterThanOrEqual(before.webhook!.failures as number);
  accepted.push(...(await visitorsWrite(survivor.base, "Crash", 5_000, accepted.length)));
  await expect
    .poll(() => emailCalls(place.record).filter((s) => s.answered === "200").length, { timeout: scaled(10_000) })
    .toBeGreaterThanOrEqual(accepted.length);
  rmSync(`${place.outageFile}.webhook`);
  const recovered = Date.now();
  await expect
    .poll(() => channelCounts(place.record, "webhook", webhookMessage).size, { timeout: scaled(30_000) })
    .toBe(accepted.length);
  const failed = webhookCalls().filter((s) => s.answered !== "200");
  // One extra for the probe a kill -9 may cut short and the next deliverer makes again.
  expect(failed.length).toBeLessThanOrEqual(mostProbesWithin(recovered - started + 500, BACKOFF) + 1);
  const order = webhookCalls()
    .filter((s) => s.answered === "200")
    .map((s) => webhookMessage(s.body!));
  expect(order[0]).toBe(accepted[0]);
  expect(inOrder(order, accepted)).toBeGreaterThanOrEqual(0.95);
  // At most one resend: the probe in flight at the kill (its intent was written).
  expect(order.length - new Set(order).size).toBeLessThanOrEqual(1);
  const email = emailCalls(place.record)
    .filter((s) => s.answered === "200")
    .map((s) => s.fields.message);
  expect(new Set(email).size).toBe(email.length);
}

test("the webhook down, a kill -9 and a restart during its outage (SQLite): e-mail never waits, the backoff goes on, then the webhook's oldest first, at most one resend", async () => {
  test.setTimeout(scaled(90_000));
  const place = workspace();
  const env = { ...SCALED, ...WEBHOOK };
  writeFileSync(`${place.outageFile}.webhook`, "503");
  const servers = [await startServer(3219, env, place)];
  try {
    await crashDuringOutage(place, servers[0]!, async () => {
      servers[0]!.child.kill("SIGKILL");
      await servers[0]!.exited;
      servers.push(await startServer(3219, env, place));
      return servers[1]!;
    });
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
  }
});

test("staff read in the inbox, in English and Croatian, that e-mail is failing since HH:MM and tried again at HH:MM; the outbox command says the same, and its probe sends the backlog once the provider is back", async ({
  browser,
}) => {
  test.setTimeout(scaled(90_000));
  // A minute between probes: what the pages say stays true while the test reads them.
  const server = await staffServer(3214, {
    OUTBOX_RETRY_BASE_MS: "60000",
    OUTBOX_RETRY_MAX_MS: "60000",
    OUTBOX_PROBE_MAX_MS: "60000",
    OUTBOX_POLL_MS: "100",
  });
  try {
    writeFileSync(server.outageFile, "503");
    for (const name of ["Ana", "Marko"])
      await fetch(`${server.base}/contact`, {
        method: "POST",
        body: enquiryBody(`A table tonight, ${name}`, name),
        redirect: "manual",
      });
    await expect
      .poll(async () => ((await health(server.base)).channels as Record<string, { state?: string }>).email?.state)
      .toBe("failing");
    const { failingSince, nextProbeAt } = (
      (await health(server.base)).channels as Record<string, { failingSince: string; nextProbeAt: string }>
    ).email!;

    const listed = outboxCommand(server.database, "channels");
    expect(listed.status).toBe(1);
    expect(listed.stdout).toContain(
      `email     failing        2       0   since ${failingSince}, 1 in a row (http_503), next probe ${nextProbeAt}`,
    );
    expect(outboxCommand(server.database, "list").stdout).toMatch(
      /^email failing since .*: 2 waiting for the provider/m,
    );

    const clock = (iso: string, locale: string) =>
      new Intl.DateTimeFormat(locale, {
        timeZone: "Europe/Zagreb",
        hour: "2-digit",
        minute: "2-digit",
        hourCycle: "h23",
      }).format(new Date(iso));
    const context = await browser.newContext();
    const page = await context.newPage();
    await addAuthenticator(page);
    const made = staffCommand(server, {}, "invite", "owner@example.com", "--owner");
    await acceptInvitation(page, linkIn(made.stdout));
    await page.goto(`${server.site}/staff/inbox`);
    await expect(page.locator("[data-failing=email]")).toHaveText(
      INBOX.en.channelFailing("E-mail", clock(failingSince, "en-GB"), clock(nextProbeAt, "en-GB")),
    );
    await expect(page.locator("[data-failing=email]")).toContainText(
      `E-mail is failing since ${clock(failingSince, "en-GB")} and will be tried again at ${clock(nextProbeAt, "en-GB")}`,
    );
    await expect(page.locator(".inbox-row").first()).toContainText("E-mail: Waiting for the provider");
    await page.locator(".inbox-row").first().click();
    await expect(page.locator("[data-waits-for-provider=email]")).toContainText(
      `The provider has been failing since ${clock(failingSince, "en-GB")}`,
    );
    await expect(page.getByText("Tried again on its own")).toHaveCount(0);
    await page.getByRole("button", { name: "Hrvatski" }).click();
    await expect(page.locator("[data-waits-for-provider=email]")).toContainText(
      `Pružatelj usluge ne radi od ${clock(failingSince, "hr-HR")}`,
    );
    await page.goto(`${server.site}/staff/inbox`);
    await expect(page.locator("[data-failing=email]")).toHaveText(
      INBOX.hr.channelFailing("E-pošta", clock(failingSince, "hr-HR"), clock(nextProbeAt, "hr-HR")),
    );

    rmSync(server.outageFile);
    await sleep(500);
    expect(sentTo(server.record)).toHaveLength(1);
    const probed = outboxCommand(server.database, "channels", "probe", "email");
    expect(probed.status).toBe(0);
    expect(probed.stdout).toMatch(/^email: probed at the deliverer's next look/);
    await expect
      .poll(
        () =>
          sentTo(server.record)
            .filter((s) => s.answered === "200")
            .map((s) => s.fields.message),
        {
          timeout: scaled(10_000),
        },
      )
      .toEqual(["A table tonight, Ana", "A table tonight, Marko"]);
    await page.reload();
    await expect(page.locator("[data-failing]")).toHaveCount(0);
    await context.close();
    const again = outboxCommand(server.database, "channels", "probe", "email");
    expect([again.status, again.stdout]).toEqual([0, "email: up, nothing to probe\n"]);
    const unknown = outboxCommand(server.database, "channels", "probe", "pigeon");
    expect([unknown.status, unknown.stderr]).toEqual([2, "No channel pigeon here (see: channels).\n"]);
  } finally {
    server.child.kill("SIGTERM");
  }
});

test("EmailJS down while sixteen visitors write at once, the server restarted, then back and the operator's probe (SQLite): every lead in arrival order, the oldest first, none twice", async () => {
  test.setTimeout(scaled(90_000));
  const place = workspace();
  // A minute between probes: the operator's command is what finds it back.
  // The provider's pace is not what this proves: 40 ms drains the 160 in seconds.
  const env = {
    ...SCALED,
    OUTBOX_RETRY_BASE_MS: "60000",
    OUTBOX_RETRY_MAX_MS: "60000",
    OUTBOX_PROBE_MAX_MS: "60000",
    EMAILJS_MIN_INTERVAL_MS: "40",
  };
  const servers = [await startServer(3218, env, place)];
  try {
    writeFileSync(place.outageFile, "503");
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < 160)
          expect(await postEnquiry(servers[0]!.base, `Restart ${String(next++).padStart(3, "0")}`)).toBe(302);
      }),
    );
    const queue = outboxCommand(place.database, "list", "--json")
      .stdout.trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { state: string; enquiry: { message: string } })
      .filter((r) => r.state === "pending")
      .map((r) => r.enquiry.message);
    expect(queue).toHaveLength(160);
    servers[0]!.child.kill("SIGTERM");
    await servers[0]!.exited;
    servers.push(await startServer(3218, env, place));
    rmSync(place.outageFile);
    const probed = outboxCommand(place.database, "channels", "probe", "email");
    expect(probed.status).toBe(0);
    await expect
      .poll(() => new Set(emailCalls(place.record).filter((s) => s.answered === "200")).size, {
        timeout: scaled(60_000),
      })
      .toBe(160);
    const order = emailCalls(place.record)
      .filter((s) => s.answered === "200")
      .map((s) => s.fields.message!);
    expect(order[0]).toBe(queue[0]);
    expect(order).toEqual(queue);
  } finally {
    for (const server of servers) server.child.kill("SIGTERM");
  }
});
