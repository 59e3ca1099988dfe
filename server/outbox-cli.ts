// The outbox command for operators: `npm run outbox -- <command>`, or in the container
// `docker exec <container> node build/outbox.js <command>`. Works on OUTBOX_DIR whether the
// server runs or not: every change is a rename or a whole-file replace, as the server's own.
//
//   list [pending|failed|delivered|quarantine]   one line per enquiry, oldest first, then
//                                     what is not a record (set aside, or to be set aside)
//   show ID                           the whole record (ID or its first characters)
//   retry ID | --failed               back to pending, due now (after fixing the cause)
//   purge-delivered [--older-than-days N]   delete delivered records (default: all)
import { createOutbox, STATES, type OutboxState, type StoredRecord } from "~/enquiry/outbox.server";
import { parseEnv } from "~/utils/env-schema.server";

const USAGE = `usage: outbox list [pending|failed|delivered|quarantine]
       outbox show ID
       outbox retry ID | --failed
       outbox purge-delivered [--older-than-days N]`;

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

let outboxDir: string;
try {
  outboxDir = parseEnv(process.env).OUTBOX_DIR;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const outbox = createOutbox(outboxDir);
const [command, ...args] = process.argv.slice(2);

const line = (r: StoredRecord) => {
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

async function one(id: string | undefined): Promise<StoredRecord> {
  if (!id) fail(USAGE);
  const found = await outbox.find(id);
  if (found.length === 0) fail(`No enquiry ${id} in ${outboxDir}.`);
  if (found.length > 1) fail(`${id} is the start of ${found.length} ids: give more of it.`);
  return found[0]!;
}

async function retry(record: StoredRecord) {
  const changes = { nextAttemptAt: undefined, failure: undefined, retriedAt: new Date().toISOString() };
  if (record.state === "failed") await outbox.move(record, "pending", changes);
  else if (record.state === "pending") {
    await outbox.update({ ...record, ...changes });
    await outbox.requestReindex(); // a running server reads its records again
  } else fail(`${record.id} was delivered at ${record.deliveredAt}; not sent again.`);
  console.log(`${record.id.slice(0, 8)}  pending, due now`);
}

switch (command) {
  case "list": {
    const wanted = args[0] ?? "all";
    if (wanted !== "all" && wanted !== "quarantine" && !STATES.includes(wanted as OutboxState)) fail(USAGE);
    if (wanted !== "quarantine") {
      const states = wanted === "all" ? [...STATES] : [wanted as OutboxState];
      const scans = await Promise.all(states.map((s) => outbox.scan(s)));
      const records = scans.flatMap((s) => s.records).sort((a, b) => a.receivedAt.localeCompare(b.receivedAt));
      console.log(`id        state      received                  tries  note`);
      for (const r of records) console.log(line(r));
      // Never the contents: a name and what is wrong with it.
      for (const u of scans.flatMap((s) => s.unreadable))
        console.log(
          `!         ${u.state.padEnd(9)}  ${JSON.stringify(u.file)}: ${u.reason} (the server sets it aside)`,
        );
    }
    if (wanted === "all" || wanted === "quarantine") {
      for (const q of await outbox.quarantined())
        console.log(
          `?         quarantine ${q.at}  from ${q.from}/ ${JSON.stringify(q.file)}: ${q.reason} (quarantine/${q.folder})`,
        );
    }
    const counts = await outbox.counts();
    console.log(
      `${counts.pending} pending, ${counts.failed} failed, ${counts.delivered} delivered, ${counts.quarantined} quarantined in ${outboxDir}`,
    );
    break;
  }
  case "show": {
    const { file: _file, ...record } = await one(args[0]);
    console.log(JSON.stringify(record, null, 2));
    break;
  }
  case "retry": {
    if (args[0] === "--failed") {
      const failed = await outbox.list("failed");
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
    const removed = await outbox.purgeDelivered(days * 86_400_000);
    console.log(`${removed} delivered enquir${removed === 1 ? "y" : "ies"} deleted`);
    break;
  }
  default:
    fail(USAGE);
}
