// The outbox command for operators: `npm run outbox -- <command>`, or in the container
// `docker exec <container> node build/outbox.js <command>`. Works on the store the server's
// configuration names (PostgreSQL when DATABASE_URL is set, else OUTBOX_DIR), whether the
// server runs or not: every change is one the server's own code would make.
//
//   list [pending|failed|delivered|quarantine]   one line per enquiry, oldest first, then
//                                     what is not a record (set aside, or to be set aside)
//   show ID                           the whole record (ID or its first characters)
//   retry ID | --failed               back to pending, due now (after fixing the cause)
//   purge-delivered [--older-than-days N]   delete delivered records (default: all)
//   import-outbox DIR                 (PostgreSQL only) moves the pending and failed records of
//                                     a file outbox into the database (docs/deploy.md)
import { importOutbox } from "~/enquiry/import-outbox.server";
import { openStore } from "~/enquiry/open-store.server";
import { createPgStore } from "~/enquiry/pg-store.server";
import { STATES, type QueuedRecord, type RecordState } from "~/enquiry/store.server";
import { parseEnv, type Env } from "~/utils/env-schema.server";

const USAGE = `usage: outbox list [pending|failed|delivered|quarantine]
       outbox show ID
       outbox retry ID | --failed
       outbox purge-delivered [--older-than-days N]
       outbox import-outbox DIR      (with DATABASE_URL set)`;

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
const store = openStore(config);
const [command, ...args] = process.argv.slice(2);

const line = (r: QueuedRecord) => {
  const last = r.attempts.at(-1);
  const note =
    r.state === "failed"
      ? `${r.failure?.reason ?? ""} ${r.failure?.fix ?? ""}`
      : r.state === "pending" && r.nextAttemptAt
        ? `next try ${r.nextAttemptAt} after ${last?.outcome ?? "?"}`
        : (r.deliveredAt ?? "");
  return [r.id.slice(0, 8), r.state.padEnd(9), r.receivedAt, String(r.attempts.length).padStart(2), note.trim()].join(
    "  ",
  );
};

async function one(id: string | undefined): Promise<QueuedRecord> {
  if (!id) fail(USAGE);
  const found = await store.find(id);
  if (found.length === 0) fail(`No enquiry ${id} in ${store.where}.`);
  if (found.length > 1) fail(`${id} is the start of ${found.length} ids: give more of it.`);
  return found[0]!;
}

async function retry(record: QueuedRecord) {
  if (record.state === "delivered") fail(`${record.id} was delivered at ${record.deliveredAt}; not sent again.`);
  await store.retry(record);
  console.log(`${record.id.slice(0, 8)}  pending, due now`);
}

try {
  await run();
} catch (error) {
  // A store that cannot be reached or read: one line, the code, no stack trace.
  const code = (error as NodeJS.ErrnoException).code;
  fail(`${store.where}: ${error instanceof Error ? error.message : String(error)}${code ? ` (${code})` : ""}`);
} finally {
  await store.close().catch(() => {});
}

async function run() {
  switch (command) {
    case "list": {
      const wanted = args[0] ?? "all";
      if (wanted !== "all" && wanted !== "quarantine" && !STATES.includes(wanted as RecordState)) fail(USAGE);
      if (wanted !== "quarantine") {
        const states = wanted === "all" ? [...STATES] : [wanted as RecordState];
        const scans = await Promise.all(states.map((s) => store.scan(s)));
        const records = scans.flatMap((s) => s.records).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
        console.log(`id        state      received                  tries  note`);
        for (const r of records) console.log(line(r));
        // Never the contents: a name and what is wrong with it.
        for (const u of scans.flatMap((s) => s.unreadable))
          console.log(
            `!         ${u.state.padEnd(9)}  ${JSON.stringify(u.ref)}: ${u.reason} (the server sets it aside)`,
          );
      }
      if (wanted === "all" || wanted === "quarantine") {
        for (const q of await store.quarantined())
          console.log(`?         quarantine ${q.at}  from ${q.from}: ${q.reason} (${q.ref})`);
      }
      const counts = await store.totals();
      console.log(
        `${counts.pending} pending, ${counts.failed} failed, ${counts.delivered} delivered, ${counts.quarantined} quarantined in ${store.where}`,
      );
      break;
    }
    case "show": {
      const { file: _file, ...record } = (await one(args[0])) as QueuedRecord & { file?: string };
      console.log(JSON.stringify(record, null, 2));
      break;
    }
    case "retry": {
      if (args[0] === "--failed") {
        const { records: failed } = await store.scan("failed");
        for (const record of failed) await retry(record);
        console.log(`${failed.length} failed enquir${failed.length === 1 ? "y" : "ies"} back in pending`);
      } else {
        await retry(await one(args[0]));
      }
      break;
    }
    case "purge-delivered": {
      const days = args[0] === "--older-than-days" ? Number(args[1]) : 0;
      if (!Number.isFinite(days) || days < 0) fail(USAGE);
      const removed = await store.purgeDelivered(days * 86_400_000);
      console.log(`${removed} delivered enquir${removed === 1 ? "y" : "ies"} deleted`);
      break;
    }
    case "import-outbox": {
      if (!config.DATABASE_URL) fail("import-outbox moves a file outbox into PostgreSQL: set DATABASE_URL first.");
      if (!args[0]) fail(USAGE);
      const database = createPgStore({ connectionString: config.DATABASE_URL });
      const result = await importOutbox(args[0], database).finally(() => database.close());
      console.log(
        `${result.imported} imported, ${result.already} already in the database, ${result.unreadable} not records (left in place) from ${args[0]}`,
      );
      break;
    }
    default:
      fail(USAGE);
  }
}
