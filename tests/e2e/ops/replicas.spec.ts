// Several hosts on one machine: a throwaway PostgreSQL, three production servers and nginx in front (round robin).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { scratchDir } from "../../../scripts/lib/scratch-dir";
import { startPgCluster, type PgCluster } from "../../support/pg-cluster";
import { channelCounts, deliveredCounts, enquiryBody, sentTo, startServer, workspace, type OpsServer } from "./server";
import { acceptInvitation, addAuthenticator, linkIn, sessionCookie, signIn, staffCommand } from "./staff-helpers";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });
test.setTimeout(scaled(120_000));

const LB_PORT = 3195;
const REPLICA_PORTS = [3196, 3197, 3198];
const RATE_LIMIT_MAX = 5;
const METRICS_TOKEN = "replicas-metrics-token-0123456789";

let cluster: PgCluster;
let database = "";
let record = "";
let nginx: ChildProcess;
let staffEnv: Record<string, string> = {};
const replicas: OpsServer[] = [];
const lb = `http://127.0.0.1:${LB_PORT}`;

async function post(message: string, client: string) {
  const res = await fetch(`${lb}/contact`, {
    method: "POST",
    body: enquiryBody(message),
    redirect: "manual",
    headers: { "x-test-client": client },
  });
  return { status: res.status, body: await res.text() };
}

const emailSends = () => sentTo(record).filter((s) => !s.channel);
const deliverer = () => cluster.psql("SELECT holder FROM enquiry_deliverer", database).trim();

test.beforeAll(async () => {
  test.setTimeout(scaled(90_000));
  const nginxBinary = existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  if (spawnSync(nginxBinary, ["-v"]).error)
    throw new Error("nginx is not installed: npm test installs it (bash scripts/ensure-debian.sh nginx-light)");
  cluster = await startPgCluster();
  database = cluster.createDatabase("replicas").replace(/.*\//, "");
  const shared = workspace();
  record = shared.record;
  const env = {
    DATABASE_URL: cluster.urlOf(database),
    RATE_LIMIT_MAX: String(RATE_LIMIT_MAX),
    RATE_LIMIT_WINDOW_SECONDS: "600",
    TRUST_PROXY_HEADER: "x-real-ip",
    EMAILJS_MIN_INTERVAL_MS: "1000",
    OUTBOX_POLL_MS: "200",
    METRICS_TOKEN,
    TELEGRAM_BOT_TOKEN: "123456:ABCDEFGHIJKLMNOPQRSTUVWXYZ012345678",
    TELEGRAM_CHAT_ID: "4242",
    TELEGRAM_API_URL: "https://telegram.test",
    // The staff area's passkeys are made for the address visitors use: the load balancer's.
    PUBLIC_SITE_URL: `http://localhost:${LB_PORT}`,
    COOKIE_SECURE: "false",
  };
  staffEnv = env;
  // Started one after another: the schema is migrated by whichever comes first.
  for (const port of REPLICA_PORTS) replicas.push(await startServer(port, env, { ...workspace(), record }));

  const dir = scratchDir("lb");
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `worker_processes 1; daemon off; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 256; }
http {
  access_log off;
  upstream replicas { ${REPLICA_PORTS.map((p) => `server 127.0.0.1:${p} max_fails=0;`).join(" ")} }
  server {
    listen 127.0.0.1:${LB_PORT};
    location / {
      proxy_pass http://replicas;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      # The client's address as a CDN would hand it on (a test header stands in for it).
      proxy_set_header X-Real-IP $http_x_test_client;
      proxy_next_upstream error;
    }
  }
}
`,
  );
  nginx = spawn(nginxBinary, ["-c", conf, "-p", dir], {
    stdio: "ignore",
  });
  await expect.poll(async () => (await fetch(`${lb}/healthz`).catch(() => null))?.status ?? 0).toBe(200);
});

test.afterAll(async () => {
  nginx?.kill("SIGQUIT");
  for (const replica of replicas) replica.child.kill("SIGKILL");
  cluster?.remove();
});

test("one client spread over the three replicas is limited in total", async () => {
  const answers = [];
  for (let i = 0; i < 12; i++) answers.push((await post(`Limited ${i}`, "203.0.113.50")).status);
  expect(answers.filter((s) => s === 302)).toHaveLength(RATE_LIMIT_MAX);
  expect(answers.slice(RATE_LIMIT_MAX).every((s) => s === 429)).toBe(true);
  expect((await post("Someone else", "203.0.113.51")).status).toBe(302);
});

test("staff: a session made through one replica is honoured by all three; a sign-out on one ends it on all", async ({
  page,
}) => {
  await addAuthenticator(page);
  const invited = staffCommand({ database: "" }, staffEnv, "invite", "owner@example.com", "--owner");
  expect(invited.status, invited.stderr).toBe(0);
  await acceptInvitation(page, linkIn(invited.stdout));
  const cookie = await sessionCookie(page.context());
  expect((await post("Inboxword on one replica", "203.0.113.60")).status).toBe(302);
  for (const replica of replicas) {
    const answer = await fetch(`${replica.base}/staff`, { headers: { cookie }, redirect: "manual" });
    expect(answer.status, replica.base).toBe(200);
    expect(await answer.text()).toContain("owner@example.com");
    const inbox = await fetch(`${replica.base}/staff/inbox?q=inboxword`, { headers: { cookie } });
    expect(await inbox.text()).toMatch(/class="inbox-row"/);
  }
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/signed-out=1/);
  for (const replica of replicas)
    expect((await fetch(`${replica.base}/staff`, { headers: { cookie }, redirect: "manual" })).status).toBe(401);
  await signIn(page, lb.replace("127.0.0.1", "localhost"));
});

const BURST = 15;

test(`a burst of ${BURST} spread over the three: all accepted, each delivered once by e-mail and once to Telegram, each ≥ 1 s apart`, async () => {
  test.setTimeout(scaled(120_000));
  const before = sentTo(record).length;
  const deliveredLines = (replica: OpsServer) => replica.logs().split('"event":"enquiry.delivered"').length - 1;
  const deliveredBefore = replicas.map(deliveredLines);
  const statuses = await Promise.all(
    Array.from({ length: BURST }, (_, i) => post(`Burst ${i}`, `198.51.100.${i + 1}`).then((r) => r.status)),
  );
  expect(statuses.every((s) => s === 302)).toBe(true);
  for (const replica of replicas) expect(replica.logs()).toContain('"enquiry.accepted"');
  await expect
    .poll(() => [...deliveredCounts(record).keys()].filter((m) => m.startsWith("Burst ")).length, {
      timeout: scaled(60_000),
      intervals: [1_000],
    })
    .toBe(BURST);
  const counts = deliveredCounts(record);
  for (let i = 0; i < BURST; i++) expect(counts.get(`Burst ${i}`)).toBe(1);
  const gapsOf = (channel: string | undefined) => {
    const times = sentTo(record)
      .slice(before)
      .filter((s) => s.channel === channel)
      .map((s) => s.at);
    return times.slice(1).map((t, i) => t - times[i]!);
  };
  expect(Math.min(...gapsOf(undefined))).toBeGreaterThanOrEqual(1_000);
  const telegramMessage = (body: string) => (JSON.parse(body) as { text: string }).text.split("\n")[4]!;
  await expect
    .poll(
      () => [...channelCounts(record, "telegram", telegramMessage).keys()].filter((m) => m.startsWith("Burst ")).length,
      {
        timeout: scaled(60_000),
        intervals: [1_000],
      },
    )
    .toBe(BURST);
  const telegram = channelCounts(record, "telegram", telegramMessage);
  for (let i = 0; i < BURST; i++) expect(telegram.get(`Burst ${i}`)).toBe(1);
  expect(Math.min(...gapsOf("telegram"))).toBeGreaterThanOrEqual(1_000);
  // Delivered by one replica: the lock's holder (host:pid in the deliverer's row) logged every delivery, the others none.
  const sentBy = replicas.map((replica, i) => deliveredLines(replica) - deliveredBefore[i]!);
  expect(sentBy.filter((n) => n > 0)).toHaveLength(1);
  expect(Math.max(...sentBy)).toBeGreaterThanOrEqual(BURST);
  const holder = replicas[sentBy.indexOf(Math.max(...sentBy))]!;
  expect(deliverer()).toContain(`:${holder.child.pid}:`);
});

test("/metrics and /healthz of any replica tell the same queue, from the database", async () => {
  for (const replica of replicas) {
    const health = (await (await fetch(`${replica.base}/healthz`)).json()) as Record<string, unknown>;
    expect(health).toMatchObject({ status: "ok", accepting: true, pending: 0, failed: 0 });
    const metrics = await (
      await fetch(`${replica.base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
    ).text();
    expect(metrics).toMatch(/^enquiries_pending 0$/m);
  }
});

test("the deliverer killed with kill -9 mid-burst: another takes over in seconds, none lost", async () => {
  test.setTimeout(scaled(120_000));
  const before = emailSends().length;
  for (let i = 0; i < 8; i++) expect((await post(`Takeover ${i}`, `192.0.2.${i + 1}`)).status).toBe(302);
  await expect.poll(() => emailSends().length - before, { timeout: scaled(20_000) }).toBeGreaterThanOrEqual(2);
  const pid = Number(deliverer().split(":")[1]);
  const victim = replicas.find((r) => r.child.pid === pid)!;
  expect(victim).toBeTruthy();
  victim.child.kill("SIGKILL");
  const killedAt = Date.now();
  await victim.exited;
  replicas.splice(replicas.indexOf(victim), 1);
  await expect
    .poll(() => [...deliveredCounts(record).keys()].filter((m) => m.startsWith("Takeover ")).length, {
      timeout: scaled(40_000),
      intervals: [500],
    })
    .toBe(8);
  const after = emailSends().filter((s) => s.at > killedAt);
  expect(after[0]!.at - killedAt).toBeLessThan(5_000);
  const times = emailSends()
    .slice(before)
    .map((s) => s.at);
  expect(Math.min(...times.slice(1).map((t, i) => t - times[i]!))).toBeGreaterThanOrEqual(1_000);
  const counts = deliveredCounts(record);
  const twice = [...counts].filter(([m, n]) => m.startsWith("Takeover ") && n > 1);
  expect(twice.length).toBeLessThanOrEqual(1);
  expect(Number(deliverer().split(":")[1])).not.toBe(pid);
});

test("PostgreSQL stopped mid-burst: nobody told 'sent' unless committed, values kept, health degraded, then all delivered", async () => {
  test.setTimeout(scaled(120_000));
  const accepted: string[] = [];
  for (let i = 0; i < 3; i++) {
    const answer = await post(`Outage ${i}`, `192.0.2.${100 + i}`);
    expect(answer.status).toBe(302);
    accepted.push(`Outage ${i}`);
  }
  cluster.stop();
  try {
    for (let i = 3; i < 7; i++) {
      const answer = await post(`Outage ${i}`, `192.0.2.${100 + i}`);
      expect(answer.status).toBe(503);
      expect(answer.body).toContain(`Outage ${i}`);
    }
    expect((await fetch(`${lb}/`)).status).toBe(200);
    expect((await fetch(`${lb}/contact`)).status).toBe(200);
    const health = (await (await fetch(`${lb}/healthz`)).json()) as {
      status: string;
      accepting: boolean;
      problems: string[];
    };
    expect(health).toMatchObject({ status: "degraded", accepting: false });
    expect(health.problems.join(" ")).toMatch(/cannot be stored now|database/);
  } finally {
    cluster.start();
  }
  for (let i = 7; i < 9; i++) {
    await expect
      .poll(async () => (await post(`Outage ${i}`, `192.0.2.${100 + i}`)).status, { timeout: scaled(10_000) })
      .toBe(302);
    accepted.push(`Outage ${i}`);
  }
  await expect
    .poll(() => accepted.filter((m) => deliveredCounts(record).has(m)).length, {
      timeout: scaled(40_000),
      intervals: [500],
    })
    .toBe(accepted.length);
  const counts = deliveredCounts(record);
  for (const m of accepted) expect(counts.get(m)).toBeLessThanOrEqual(2);
  expect([...counts.values()].filter((n) => n > 1).length).toBeLessThanOrEqual(1);
  for (let i = 3; i < 7; i++) expect(counts.has(`Outage ${i}`)).toBe(false);
  await expect
    .poll(async () => ((await (await fetch(`${lb}/healthz`)).json()) as { status: string }).status, {
      timeout: scaled(15_000),
    })
    .toBe("ok");
});

test("a frozen deliverer (SIGSTOP: cut off, its connection still open) is replaced, and sends nothing when it wakes", async () => {
  test.setTimeout(scaled(120_000));
  const pid = Number(deliverer().split(":")[1]);
  const frozen = replicas.find((r) => r.child.pid === pid)!;
  const others = replicas.filter((r) => r !== frozen);
  frozen.child.kill("SIGSTOP");
  const frozenAt = Date.now();
  try {
    for (let i = 0; i < 4; i++) {
      const res = await fetch(`${others[i % others.length]!.base}/contact`, {
        method: "POST",
        body: enquiryBody(`Frozen ${i}`),
        redirect: "manual",
      });
      expect(res.status).toBe(302);
    }
    await expect
      .poll(() => [...deliveredCounts(record).keys()].filter((m) => m.startsWith("Frozen ")).length, {
        timeout: scaled(45_000),
        intervals: [1_000],
      })
      .toBe(4);
    expect(Date.now() - frozenAt).toBeLessThan(40_000);
    expect(Number(deliverer().split(":")[1])).not.toBe(pid);
  } finally {
    frozen.child.kill("SIGCONT");
  }
  const sentBefore = emailSends().length;
  await fetch(`${others[0]!.base}/contact`, {
    method: "POST",
    body: enquiryBody("After the thaw"),
    redirect: "manual",
  });
  await expect.poll(() => deliveredCounts(record).get("After the thaw") ?? 0, { timeout: scaled(15_000) }).toBe(1);
  await new Promise((r) => setTimeout(r, 2_000));
  expect(emailSends().length - sentBefore).toBe(1);
  expect([...deliveredCounts(record)].filter(([m, n]) => m.startsWith("Frozen ") && n > 1)).toEqual([]);
  expect((await fetch(`${frozen.base}/healthz`)).status).toBe(200);
  expect(frozen.logs()).not.toContain('"level":"fatal"');
});
