import { describe, expect, it } from "vitest";
import { schemaDifferences } from "../../tests/contracts/columns-contract";
import { declaredColumns } from "./schema.server";

describe("the declared schema's comparison", () => {
  it("reports a renamed, an added, a dropped and a loosened column, and a table nobody declared, by name", () => {
    const declared = declaredColumns("postgres");
    const migrated = new Map([...declared].map(([t, c]) => [t, new Map(c)]));
    const members = migrated.get("staff_members")!;
    members.delete("email");
    members.set("e_mail", { nullable: false });
    migrated.get("push_alerts")!.set("retries", { nullable: true });
    migrated.get("site_state")!.set("draft", { nullable: true });
    migrated.delete("store_health");
    migrated.set("extra_table", new Map([["id", { nullable: false }]]));
    expect(schemaDifferences(declared, migrated)).toEqual([
      "store_health: declared in schema.server.ts, not in the migrated database",
      "push_alerts.retries: in the migrated database, not in schema.server.ts",
      "site_state.draft: declared NOT NULL, migrated the other way",
      "staff_members.email: declared in schema.server.ts, not in the migrated database",
      "staff_members.e_mail: in the migrated database, not in schema.server.ts",
      "extra_table: in the migrated database, not in schema.server.ts",
    ]);
    expect(schemaDifferences(declared, declared)).toEqual([]);
  });

  it("leaves out what only the other database has", () => {
    expect(declaredColumns("sqlite").get("enquiries")?.has("search")).toBe(false);
    expect(declaredColumns("postgres").get("enquiries")?.has("search")).toBe(true);
    expect(declaredColumns("postgres").has("enquiry_search")).toBe(false);
    expect(declaredColumns("sqlite").has("enquiry_rate_limit")).toBe(false);
  });
});
