// The outbox command for operators: `npm run outbox -- <command>`, or in the container
// `docker exec <container> node build/outbox.js <command>`. Works on the database the server's
// configuration names (DATABASE_URL: an SQLite file by default, or PostgreSQL), whether the
// server runs or not: every change is one the server's own code would make.
//
//   list [pending|failed|delivered|quarantine]   one line per enquiry, oldest first, then what
//                                     was set aside
//   list --json                       every enquiry in every state, one JSON object a line (the
//                                     stable format of README, "The outbox command")
//   show ID                           the whole record (ID or its first characters)
//   retry ID | --failed               back to pending, due now (after fixing the cause)
//   purge-delivered [--older-than-days N]   delete delivered enquiries (default: all)
//   dismiss REF | --all               deletes what was set aside (after looking at it)
//   backup FILE                       an online, consistent copy of the SQLite database
//   check                             the database's integrity and its schema's version
//   import-outbox DIR                 moves an outbox folder of an earlier version in
import { importOutbox } from "~/store/import-outbox.server";
import { existsSync } from "node:fs";
import { databaseOf, openStore } from "~/store/open-store.server";
import { STATES, StoreRefusal, type QueuedRecord, type RecordState } from "~/store/store.server";
import { parseEnv, type Env } from "~/utils/env-schema.server";

const USAGE = `usage: outbox list [pending|failed|delivered|quarantine]
       outbox list --json
       outbox show ID
       outbox retry ID | --failed
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
const store = openStore(config);
const [command, ...args] = process.argv.slice(2);
// Looking at a database must not create one (a mistyped path would leave an empty file behind).
const database = databaseOf(config.DATABASE_URL);
if (
  database.dialect === "sqlite" &&
  !existsSync(database.file) &&
  command !== "import-outbox" &&
  USAGE.includes(`outbox ${command ?? "?"}`)
)
  fail(`No database at ${database.file}: the server creates it at its first start (DATABASE_URL names another).`);

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

/** One line of `list --json`, version 1 of a format scripts may rely on: fields are only ever
 * added, never renamed or removed (README, "The outbox command"). */
const jsonLine = (r: QueuedRecord) =>
  JSON.stringify({
    v: 1,
    id: r.id,
    state: r.state,
    receivedAt: r.receivedAt,
    attempts: r.attempts.length,
    lastAttempt: r.attempts.at(-1) ?? null,
    nextAttemptAt: r.nextAttemptAt ?? null,
    deliveredAt: r.deliveredAt ?? null,
    failure: r.failure ?? null,
    enquiry: {
      name: r.enquiry.name,
      email: r.enquiry.email,
      number: r.enquiry.number,
      category: r.enquiry.category,
      message: r.enquiry.message,
      language: r.enquiry.language ?? null,
    },
  });

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
  // A database that cannot be reached or read: one line, the code, no stack trace.
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
        for (const state of STATES) for (const r of (await store.scan(state)).records) console.log(jsonLine(r));
        for (const q of await store.quarantined())
          console.log(
            JSON.stringify({ v: 1, ref: q.ref, state: "quarantined", from: q.from, reason: q.reason, at: q.at }),
          );
        break;
      }
      if (wanted !== "all" && wanted !== "quarantine" && !STATES.includes(wanted as RecordState)) fail(USAGE);
      if (wanted !== "quarantine") {
        const states = wanted === "all" ? [...STATES] : [wanted as RecordState];
        const scans = await Promise.all(states.map((s) => store.scan(s)));
        const records = scans.flatMap((s) => s.records).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
        console.log(`id        state      received                  tries  note`);
        for (const r of records) console.log(line(r));
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
      break;
    }
    case "show": {
      console.log(JSON.stringify(await one(args[0]), null, 2));
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
      if (args[0] !== "--all" && dismissed === 0) fail(`Nothing set aside as ${refs[0]} (see: list quarantine).`);
      console.log(`${dismissed} set-aside entr${dismissed === 1 ? "y" : "ies"} deleted`);
      break;
    }
    case "backup": {
      if (!args[0]) fail(USAGE);
      await store.backup(args[0]);
      console.log(`${store.where} copied to ${args[0]} (restore: stop the server, put the copy in its place)`);
      break;
    }
    case "check": {
      const { version, problems } = await store.check();
      if (problems.length) {
        for (const problem of problems) console.error(problem);
        console.error(`${store.where}: ${problems.length} problem(s) at schema version ${version}`);
        process.exitCode = 1;
      } else console.log(`${store.where}: ok (schema version ${version})`);
      break;
    }
    case "import-outbox": {
      if (!args[0]) fail(USAGE);
      if (!existsSync(args[0])) fail(`No outbox folder at ${args[0]}.`);
      const result = await importOutbox(args[0], store);
      console.log(
        `${result.imported} imported, ${result.already} already in the database, ${result.setAside} set aside (not records) from ${args[0]}; the files are kept in ${args[0]}/imported`,
      );
      break;
    }
    default:
      fail(USAGE);
  }
}
