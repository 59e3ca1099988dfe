import { describe, expect, it } from "vitest";
import { SQL_ELSEWHERE, sqlOutsideStore } from "./lib/sql-text";

describe("the no-SQL-outside-the-store check", () => {
  it("refuses each kind of statement planted in a feature, the server or a script, with its file and line", () => {
    const found = sqlOutsideStore([
      {
        file: "app/staff/members.server.ts",
        text: 'const a = 1;\nawait q.all("SELECT id, email FROM staff_members");\n',
      },
      { file: "app/site/editing.server.ts", text: "await q.run(`INSERT INTO site_photos (id) VALUES ($1)`);\n" },
      { file: "server/outbox-cli.ts", text: 'await q.run("UPDATE deliveries SET state = $1");\n' },
      { file: "scripts/tool.ts", text: 'await q.run("DELETE FROM staff_sessions");\n' },
    ]);
    expect(found.map((f) => [f.file, f.line])).toEqual([
      ["app/staff/members.server.ts", 2],
      ["app/site/editing.server.ts", 1],
      ["server/outbox-cli.ts", 1],
      ["scripts/tool.ts", 1],
    ]);
    expect(found[0]!.why).toMatch(/SELECT id, email FROM staff_members/);
  });

  it("lets the store and the tests hold SQL, and passes prose that only names the words", () => {
    expect(
      sqlOutsideStore([
        { file: "app/store/inbox-list.server.ts", text: 'q.all("SELECT id FROM enquiries")' },
        { file: "app/staff/push-devices.server.test.ts", text: 'sql.run("DELETE FROM push_devices")' },
        { file: "tests/contracts/x.ts", text: 'sql.run("DELETE FROM push_devices")' },
        {
          file: "app/staff/passkeys.server.ts",
          text: "/** the store's DELETE … RETURNING takes it out; select from the list */",
        },
      ]),
    ).toEqual([]);
  });

  it("keeps its list of tools true: a listed file with no SQL left is reported", () => {
    const [listed] = Object.keys(SQL_ELSEWHERE);
    expect(sqlOutsideStore([{ file: listed!, text: "export {};\n" }])).toEqual([
      expect.objectContaining({ file: listed, why: expect.stringMatching(/SQL_ELSEWHERE/) }),
    ]);
    expect(sqlOutsideStore([{ file: listed!, text: 'db.prepare("SELECT reference FROM enquiries")' }])).toEqual([]);
  });
});
