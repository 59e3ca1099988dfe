// The outbox command for operators (`npm run outbox -- <command>`; USAGE below, docs/operations.md): it works on the
// configured database whether the server runs or not, and every change is one the server's own code would make.
import { importOutbox } from "~/store/import-outbox.server";
import { existsSync } from "node:fs";
import { configuredChannels } from "~/delivery/channels.server";
import { databaseOf, openStore } from "~/store/open-store.server";
import { PUSH_CHANNEL } from "~/store/push.server";
import { BOOKING_CHANNEL } from "~/store/inbox-booking.server";
import { REPLY_CHANNEL } from "~/store/inbox-reply.server";
import { pushSettingsFrom } from "~/delivery/channels/push-settings.server";
import { STATES, StoreRefusal, type ChannelState, type Delivery, type DeliveryState } from "~/store/store.server";
import { parseEnv, type Env } from "~/utils/env-schema.server";
import { siteLine } from "~/store/site-photos.server";
import { byEnquiry, deliveryJson, listJson } from "./outbox-list";

const USAGE = `usage: outbox list [pending|failed|delivered|quarantine]
       outbox list --json
       outbox show ID
       outbox retry ID | --failed [--channel NAME]
       outbox test-channel email|slack|discord|telegram|webhook
       outbox channels [--json] | channels probe NAME
       outbox purge-delivered [--older-than-days N]
       outbox dismiss REF | --all
       outbox backup FILE
       outbox check
       outbox import-outbox DIR`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let config: Env;
try {
  config = parseEnv(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
if (config.MOCKS) await import(new URL("./mocks/index.js", import.meta.url).href);
const store = openStore(config);
const [command, ...args] = process.argv.slice(2);
// Looking at a database must not create one (a mistyped path would leave an empty file behind).
const database = databaseOf(config.DATABASE_URL);
if (
  database.dialect === "sqlite" &&
  !existsSync(database.file) &&
  !["import-outbox", "test-channel"].includes(command ?? "") &&
  USAGE.includes(`outbox ${command ?? "?"}`)
)
  fail(`No database at ${database.file}: the server creates it at its first start (DATABASE_URL names another).`);

async function channelLines(): Promise<{ state: ChannelState; pending: number; failed: number }[]> {
  const [states, counts] = await Promise.all([store.channelStates(), store.counts()]);
  const names = new Set([
    ...configuredChannels(config).map((c) => c.name),
    ...Object.keys(counts.channels),
    ...states.filter((s) => s.failingSince).map((s) => s.channel),
    // The guest's booking messages and the desk's replies always run (EmailJS or the outbox stand-in, decision 0048).
    BOOKING_CHANNEL,
    REPLY_CHANNEL,
    // Phone alerts (decision 0039) last, so the providers an operator configured come first.
    ...(config.PUSH_ENABLED ? [PUSH_CHANNEL] : []),
  ]);
  return [...names].map((name) => ({
    state: states.find((s) => s.channel === name) ?? { channel: name, failures: 0 },
    pending: counts.channels[name]?.pending ?? 0,
    failed: counts.channels[name]?.failed ?? 0,
  }));
}

const failingLine = (s: ChannelState, pending: number) =>
  `${s.channel} failing since ${s.failingSince} (${s.lastFailure?.reason ?? "?"}, ${s.failures} in a row): ${pending} waiting for the provider, next probe ${s.nextProbeAt ?? "when one is due"}`;

function channelOption(): string | undefined {
  const at = args.indexOf("--channel");
  if (at === -1) return undefined;
  const name = args[at + 1];
  if (!name) fail(USAGE);
  args.splice(at, 2);
  return name;
}

const line = (r: Delivery) => {
  const last = r.attempts.at(-1);
  const note =
    r.state === "failed"
      ? `${r.failure?.reason ?? ""} ${r.failure?.fix ?? ""}`
      : r.state === "pending" && r.nextAttemptAt
        ? `next try ${r.nextAttemptAt} after ${last?.outcome ?? "?"}`
        : (r.deliveredAt ?? "");
  return [
    r.id.slice(0, 8),
    r.channel.padEnd(8),
    r.state.padEnd(9),
    r.receivedAt,
    String(r.attempts.length).padStart(2),
    note.trim(),
  ].join("  ");
};

async function one(id: string | undefined): Promise<Delivery[]> {
  if (!id) fail(USAGE);
  const found = byEnquiry(await store.find(id));
  if (found.length === 0) fail(`No enquiry ${id} in ${store.where}.`);
  if (found.length > 1) fail(`${id} is the start of ${found.length} ids: give more of it.`);
  return found[0]!;
}

async function retry(record: Delivery) {
  await store.retry(record);
  console.log(`${record.id.slice(0, 8)}  ${record.channel}  pending, due now`);
}

try {
  await run();
} catch (error) {
  // A database that cannot be reached or read: one line, no stack trace.
  const code = (error as NodeJS.ErrnoException).code;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof StoreRefusal) console.error(message);
  else console.error(`${store.where}: ${message}${code ? ` (${code})` : ""}`);
  process.exitCode = error instanceof StoreRefusal ? 1 : 2;
} finally {
  await store.close().catch(() => {});
}

async function run() {
  switch (command) {
    case "list": {
      const wanted = args[0] ?? "all";
      if (wanted === "--json") {
        for (const line of await listJson(store)) console.log(JSON.stringify(line));
        break;
      }
      if (wanted !== "all" && wanted !== "quarantine" && !STATES.includes(wanted as DeliveryState)) fail(USAGE);
      if (wanted !== "quarantine") {
        const states = wanted === "all" ? [...STATES] : [wanted as DeliveryState];
        const scans = await Promise.all(states.map((s) => store.scan(s)));
        const deliveries = scans.flatMap((s) => s.deliveries).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
        console.log(`id        channel   state      received                  tries  note`);
        for (const r of deliveries) console.log(line(r));
        // Never the contents: a name and what is wrong with it.
        for (const u of scans.flatMap((s) => s.unreadable))
          console.log(`!         ${u.from.padEnd(9)}  ${u.ref}: ${u.reason} (the server sets it aside)`);
      }
      if (wanted === "all" || wanted === "quarantine") {
        for (const q of await store.quarantined())
          console.log(`?         quarantine ${q.at}  from ${q.from}: ${q.reason} (${q.ref})`);
      }
      const counts = await store.counts();
      console.log(
        `${counts.pending} pending, ${counts.failed} failed, ${counts.delivered} delivered, ${counts.quarantined} quarantined in ${store.where}`,
      );
      for (const { state, pending } of await channelLines())
        if (state.failingSince) console.log(failingLine(state, pending));
      break;
    }
    case "channels": {
      if (args[0] === "probe") {
        const name = args[1];
        if (!name || args.length > 2) fail(USAGE);
        const known = (await channelLines()).find((c) => c.state.channel === name);
        if (!known) fail(`No channel ${name} here (see: channels).`);
        if (!(await store.probeNow(name!))) {
          console.log(`${name}: up, nothing to probe`);
          break;
        }
        console.log(
          `${name}: probed at the deliverer's next look (within OUTBOX_POLL_MS); if it answers, its ${known!.pending} waiting go out oldest first`,
        );
        break;
      }
      if (args.length > 1 || (args[0] !== undefined && args[0] !== "--json")) fail(USAGE);
      const lines = await channelLines();
      const devices = config.PUSH_ENABLED
        ? await store.push.deviceCounts(new Date(Date.now() - pushSettingsFrom(config).confirmMs).toISOString())
        : undefined;
      if (args[0] === "--json") {
        // Version 1, fields only ever added (docs/operations.md, "The outbox command").
        for (const { state, pending, failed } of lines)
          console.log(
            JSON.stringify({
              v: 1,
              channel: state.channel,
              state: state.failingSince ? "failing" : "up",
              failingSince: state.failingSince ?? null,
              failures: state.failures,
              nextProbeAt: state.nextProbeAt ?? null,
              lastFailure: state.lastFailure ?? null,
              pending,
              failed,
              ...(state.channel === PUSH_CHANNEL && devices ? devices : {}),
            }),
          );
      } else {
        console.log("channel   state    pending  failed  since / next probe");
        for (const { state, pending, failed } of lines)
          console.log(
            [
              state.channel.padEnd(8),
              (state.failingSince ? "failing" : "up").padEnd(7),
              String(pending).padStart(7),
              String(failed).padStart(6),
              state.failingSince
                ? ` since ${state.failingSince}, ${state.failures} in a row (${state.lastFailure?.reason ?? "?"}), next probe ${state.nextProbeAt ?? "when one is due"}`
                : "",
            ].join("  "),
          );
      }
      if (devices && args[0] !== "--json")
        console.log(`push: ${devices.devices} staff device(s) with alerts on, ${devices.stale} stale`);
      // For a monitor: 1 while a channel's provider is failing.
      if (lines.some((l) => l.state.failingSince)) process.exitCode = 1;
      break;
    }
    case "show": {
      const deliveries = await one(args[0]);
      const {
        channel: _c,
        state: _s,
        attempts: _a,
        nextAttemptAt: _n,
        deliveredAt: _d,
        failure: _f,
        sendingSince: _i,
        ...enquiry
      } = deliveries[0]!;
      console.log(JSON.stringify({ ...enquiry, deliveries: deliveries.map(deliveryJson) }, null, 2));
      break;
    }
    case "retry": {
      const channel = channelOption();
      const ofChannel = (r: Delivery) => channel === undefined || r.channel === channel;
      if (args[0] === "--failed") {
        const failed = (await store.scan("failed")).deliveries.filter(ofChannel);
        for (const record of failed) await retry(record);
        console.log(`${failed.length} failed deliver${failed.length === 1 ? "y" : "ies"} back in pending`);
      } else {
        const deliveries = (await one(args[0])).filter(ofChannel);
        const open = deliveries.filter((r) => r.state !== "delivered");
        if (deliveries.length === 0) fail(`${args[0]} has no delivery through ${channel}.`);
        if (open.length === 0)
          fail(
            `${deliveries[0]!.id} was delivered (${deliveries.map((r) => `${r.channel} at ${r.deliveredAt}`).join(", ")}); not sent again.`,
          );
        for (const record of open) await retry(record);
      }
      break;
    }
    case "test-channel": {
      const channel = configuredChannels(config).find((c) => c.name === args[0]);
      if (!channel)
        fail(
          `${args[0] ?? "(none)"} is not a configured channel; configured: ${
            configuredChannels(config)
              .map((c) => c.name)
              .join(", ") || "none"
          } (docs/operations.md, "Channels").`,
        );
      const now = new Date().toISOString();
      const result = await channel.send({
        id: "00000000-0000-4000-8000-000000000000",
        receivedAt: now,
        enquiry: {
          name: "Test from npm run outbox",
          email: "test@example.com",
          phone: "+385 21 000 000",
          category: "other",
          message: `A test message from the outbox command, ${now}: nothing to answer.`,
          language: "en",
        },
        attempts: [],
        state: "pending",
        channel: channel.name,
      });
      if (result.ok) console.log(`${channel.name}: delivered (${result.status})`);
      else {
        const verdict = channel.judge(result);
        const follows = {
          "give-up": `: ${verdict.kind === "give-up" ? verdict.fix : ""}`,
          provider: ": the provider's fault (the worker backs the channel off and probes it)",
          retry: ": may pass (the worker would retry this one)",
        }[verdict.kind];
        console.error(
          `${channel.name}: ${result.reason}${result.detail ? ` ${JSON.stringify(result.detail)}` : ""}${follows}`,
        );
        process.exitCode = 1;
      }
      break;
    }
    case "purge-delivered": {
      const days = args[0] === "--older-than-days" ? Number(args[1]) : 0;
      if (args[0] !== undefined && args[0] !== "--older-than-days") fail(USAGE);
      if (!Number.isFinite(days) || days < 0) fail(USAGE);
      const removed = await store.purgeDelivered(days * 86_400_000);
      console.log(`${removed} delivered enquir${removed === 1 ? "y" : "ies"} deleted`);
      break;
    }
    case "dismiss": {
      if (!args[0]) fail(USAGE);
      const refs = args[0] === "--all" ? (await store.quarantined()).map((q) => q.ref) : [args.join(" ")];
      let dismissed = 0;
      for (const ref of refs) if (await store.dismiss(ref)) dismissed++;
      if (args[0] !== "--all" && dismissed === 0) fail(`Nothing quarantined as ${refs[0]} (see: list quarantine).`);
      console.log(`${dismissed} quarantined entr${dismissed === 1 ? "y" : "ies"} deleted`);
      break;
    }
    case "backup": {
      if (!args[0]) fail(USAGE);
      await store.backup(args[0]);
      console.log(`${store.where} copied to ${args[0]} (restore: stop the server, put the copy in its place)`);
      console.log(`  with the site: ${siteLine(await store.site.summary())}`);
      break;
    }
    case "check": {
      const { version, problems, site } = await store.check();
      if (problems.length) {
        for (const problem of problems) console.error(problem);
        console.error(`${store.where}: ${problems.length} problem(s) at schema version ${version}`);
        process.exitCode = 1;
      } else console.log(`${store.where}: ok (schema version ${version})`);
      if (site) console.log(`  the site: ${siteLine(site)}`);
      break;
    }
    case "import-outbox": {
      if (!args[0]) fail(USAGE);
      if (!existsSync(args[0])) fail(`No outbox folder at ${args[0]}.`);
      const result = await importOutbox(args[0], store);
      console.log(
        `${result.imported} imported, ${result.already} already in the database, ${result.quarantined} quarantined (not records) from ${args[0]}; the files are kept in ${args[0]}/imported`,
      );
      break;
    }
    default:
      fail(USAGE);
  }
}
