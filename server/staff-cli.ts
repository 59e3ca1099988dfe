// The staff command for operators: `npm run staff -- <command>`, or in the container
// `docker exec <container> node build/staff.js <command>`. Works on the database the server's
// configuration names (DATABASE_URL), whether the server runs or not.
//
//   invite EMAIL [--owner]   a new account and its one-time link (24 hours, single use)
//   list                     every account: role, passkeys, open invitation
//   remove EMAIL             removes the account; its sessions end at once
//   reset EMAIL              a new link for an existing account (a lost phone): its sessions
//                            end at once; its passkeys stay until the new one is made (then
//                            remove the old ones at /staff/account or /staff/people)
import { invite, listMembers, removeMember, reset, StaffCommandError } from "~/staff/members.server";
import { existsSync } from "node:fs";
import { databaseOf, openStore } from "~/store/open-store.server";
import { StoreRefusal } from "~/store/store.server";
import { parseEnv, type Env } from "~/utils/env-schema.server";

const USAGE = `usage: staff invite EMAIL [--owner]
       staff list
       staff remove EMAIL
       staff reset EMAIL`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let config: Env;
try {
  config = parseEnv(process.env);
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
}
const siteUrl = config.PUBLIC_SITE_URL.replace(/\/+$/, "");
const [command, ...args] = process.argv.slice(2);
const owner = args.includes("--owner");
const [email, ...extra] = args.filter((a) => a !== "--owner");
const needsEmail = ["invite", "remove", "reset"].includes(command ?? "");
if (!command || !["invite", "list", "remove", "reset"].includes(command)) fail(USAGE);
if (needsEmail ? !email || extra.length > 0 : args.length > 0) fail(USAGE);
if (owner && command !== "invite") fail(USAGE);

// Looking must not create a database (a mistyped path would leave a file); an invitation may (the first owner).
const database = databaseOf(config.DATABASE_URL);
if (database.dialect === "sqlite" && command !== "invite" && !existsSync(database.file))
  fail(
    `No database at ${database.file}: invite the first owner (staff invite EMAIL --owner), or start the server once (DATABASE_URL names another).`,
    1,
  );

// The store alone, as the outbox command opens it: not the server's wiring (its routes' code and packages).
const store = openStore(config);
const operator = { id: "operator", email: "operator (npm run staff)" };
try {
  await store.prepare();
  const tables = store.staff;
  if (command === "list") {
    const members = await listMembers(tables);
    if (members.length === 0) console.log("No accounts yet: npm run staff -- invite EMAIL --owner");
    for (const m of members)
      console.log(
        [
          m.email,
          m.role,
          `${m.passkeys} passkey${m.passkeys === 1 ? "" : "s"}`,
          m.invitedUntil ? `invited until ${m.invitedUntil}` : "",
          m.lastUsedAt ? `last sign-in ${m.lastUsedAt}` : "",
        ]
          .filter(Boolean)
          .join("  "),
      );
  } else if (command === "remove") {
    const removed = await removeMember(tables, email!);
    await tables.audit({ event: "person-removed", outcome: "ok", actor: operator, subject: removed.email });
    console.log(`Removed ${removed.email}; their sessions have ended.`);
  } else {
    const made =
      command === "invite"
        ? await invite(tables, { email: email!, role: owner ? "owner" : "staff", by: operator.email, siteUrl })
        : await reset(tables, { email: email!, by: operator.email, siteUrl });
    await tables.audit({
      event: "invitation",
      outcome: "ok",
      actor: operator,
      subject: made.member.email,
      detail: { kind: command, role: made.member.role },
    });
    console.log(
      `${command === "invite" ? "Invitation" : "New link"} for ${made.member.email} (${made.member.role}), valid until ${made.expiresAt}, once:`,
    );
    console.log(made.link);
    if (command === "reset") console.log("Their sessions have ended, on every device.");
    if (!/^https:\/\//.test(siteUrl) && !/^http:\/\/localhost(:\d+)?$/.test(siteUrl))
      console.error(`Note: PUBLIC_SITE_URL is ${siteUrl}; passkeys need https (or http://localhost).`);
  }
} catch (error) {
  if (error instanceof StaffCommandError) fail(error.message, 1);
  if (error instanceof StoreRefusal) fail(error.message, 1);
  fail(`The database could not be used: ${error instanceof Error ? error.message : String(error)}`, 1);
} finally {
  await store.close().catch(() => {});
}
