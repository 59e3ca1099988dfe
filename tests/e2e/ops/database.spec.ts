import { spawnSync } from "node:child_process";
import { createServer, type Server, type Socket } from "node:net";
import { expect, test } from "@playwright/test";
import { writeFolderRecord } from "../../support/outbox-folder.fixture";
import { startPgCluster, type PgCluster } from "../../support/pg-cluster";
import { deliveredCounts, enquiryBody, startServer, workspace, type OpsServer } from "./server";
import { scaled } from "../time-scale";

test.describe.configure({ mode: "serial" });

let cluster: PgCluster;
const running: OpsServer[] = [];
const start = async (...args: Parameters<typeof startServer>) => {
  const server = await startServer(...args);
  running.push(server);
  return server;
};

test.beforeAll(async () => {
  test.setTimeout(scaled(60_000));
  cluster = await startPgCluster();
});
test.afterAll(() => {
  for (const server of running) server.child.kill("SIGKILL");
  cluster?.remove();
});

const command = (env: Record<string, string>, ...args: string[]) =>
  spawnSync(process.execPath, ["build/outbox.js", ...args], { env: { ...process.env, ...env }, encoding: "utf8" });

test("a database that never answers: health says so within about a second, visitors keep their words, pages serve", async () => {
  // Accepts connections and never says a word: a host cut off behind a load balancer.
  const sockets: Socket[] = [];
  const hole: Server = createServer((socket) => sockets.push(socket));
  await new Promise<void>((resolve) => hole.listen(0, "127.0.0.1", resolve));
  const { port } = hole.address() as { port: number };
  try {
    const server = await start(3176, { DATABASE_URL: `postgres://site:secret-password@127.0.0.1:${port}/site` });
    let began = Date.now();
    const health = (await (await fetch(`${server.base}/healthz`)).json()) as Record<string, unknown>;
    expect(Date.now() - began).toBeLessThan(2_500);
    expect(health).toMatchObject({ status: "degraded", accepting: false });
    expect(String(health.problems)).toMatch(/ETIMEDOUT/);
    began = Date.now();
    const res = await fetch(`${server.base}/contact`, {
      method: "POST",
      body: enquiryBody("Kept through a silent database"),
      redirect: "manual",
    });
    expect(res.status).toBe(503);
    expect(await res.text()).toContain("Kept through a silent database");
    expect(Date.now() - began).toBeLessThan(8_000);
    expect((await fetch(`${server.base}/`)).status).toBe(200);
    expect(server.logs()).not.toContain("secret-password");
    server.child.kill("SIGKILL");
  } finally {
    for (const socket of sockets) socket.destroy();
    hole.close();
  }
});

test("a database that does not exist: degraded with the reason, 503 with values kept, no crash", async () => {
  const server = await start(3177, { DATABASE_URL: cluster.urlOf("no_such_database") });
  const health = (await (await fetch(`${server.base}/healthz`)).json()) as {
    status: string;
    problems: string[];
    accepting: boolean;
  };
  expect(health).toMatchObject({ status: "degraded", accepting: false });
  expect(health.problems.join(" ")).toMatch(/3D000/);
  const res = await fetch(`${server.base}/hr/contact`, {
    method: "POST",
    body: enquiryBody("Nema baze"),
    redirect: "manual",
  });
  expect(res.status).toBe(503);
  expect(await res.text()).toContain("Nema baze");
  expect(server.child.exitCode).toBeNull();
  cluster.psql('CREATE DATABASE "no_such_database"');
  await expect
    .poll(
      async () =>
        (
          await fetch(`${server.base}/contact`, {
            method: "POST",
            body: enquiryBody("Stored once it exists"),
            redirect: "manual",
          })
        ).status,
      { timeout: scaled(10_000) },
    )
    .toBe(302);
  await expect.poll(() => deliveredCounts(server.record).get("Stored once it exists") ?? 0).toBe(1);
  server.child.kill("SIGKILL");
});

test("the outbox command on PostgreSQL, and an earlier version's folder moved in", async () => {
  test.setTimeout(scaled(60_000));
  const place = workspace();
  for (const [n, message] of ["Moved in 1", "Moved in 2"].entries())
    await writeFolderRecord(place.outbox, "pending", {
      id: `${n + 1}0000000-0000-4000-8000-000000000000`,
      receivedAt: `2026-01-01T00:00:0${n + 1}.000Z`,
      enquiry: { name: "Ana", email: "ana@example.com", phone: "+385 91", category: "other", message },
      attempts: [],
    });
  const url = cluster.createDatabase("operators");
  const db = { DATABASE_URL: url, OUTBOX_DIR: "/nonexistent" };
  const imported = command(db, "import-outbox", place.outbox);
  expect(imported.stderr).toBe("");
  expect(imported.stdout).toMatch(/^2 imported, 0 already in the database, 0 quarantined/m);
  expect(command(db, "import-outbox", place.outbox).stdout).toMatch(/^0 imported/m);

  const list = command(db, "list");
  expect(list.status).toBe(0);
  expect(list.stdout).toMatch(
    /2 pending, 0 failed, 0 delivered, 0 quarantined in postgres:\/\/127\.0\.0\.1:\d+\/operators/,
  );
  const id = /^([0-9a-f]{8}) {2}email {4,}pending/m.exec(list.stdout)![1]!;
  const shown = command(db, "show", id);
  expect(JSON.parse(shown.stdout)).toMatchObject({
    enquiry: { message: "Moved in 1" },
    deliveries: [{ channel: "email", state: "pending" }],
  });
  expect(command(db, "retry", id).stdout).toContain(`${id}  email  pending, due now`);
  expect(command(db, "show", "zzzz").stderr).toContain("No enquiry zzzz");

  const server = await start(3179, { DATABASE_URL: url });
  await expect.poll(() => deliveredCounts(server.record).size, { timeout: scaled(15_000) }).toBe(2);
  expect(command(db, "list", "delivered").stdout).toMatch(/0 pending, 0 failed, 2 delivered/);
  expect(command(db, "purge-delivered").stdout).toContain("2 delivered enquiries deleted");

  const down = command({ DATABASE_URL: cluster.urlOf("missing_db") }, "list");
  expect(down.status).toBe(2);
  expect(down.stderr).toMatch(/missing_db.*3D000/);
  expect(down.stderr).not.toMatch(/\n\s+at /);
  server.child.kill("SIGKILL");
});
