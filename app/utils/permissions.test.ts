import { describe, expect, it } from "vitest";
import { may, mayBeSiteEditor, type Permission } from "./permissions";

const owner = { role: "owner", siteEditor: false };
const staff = { role: "staff", siteEditor: false };
const siteEditor = { role: "staff", siteEditor: true };

describe("who may do what", () => {
  it.each<[Permission, boolean, boolean, boolean]>([
    // permission, an owner, a member of staff, a site editor
    ["editSite", true, false, true],
    ["managePeople", true, false, false],
    ["readAudit", true, false, false],
    ["exportEnquiries", true, false, false],
  ])("%s: owner %s, staff %s, site editor %s", (permission, byOwner, byStaff, bySiteEditor) => {
    expect([may(owner, permission), may(staff, permission), may(siteEditor, permission)]).toEqual([
      byOwner,
      byStaff,
      bySiteEditor,
    ]);
  });

  it("a role nobody knows may do nothing, whatever its grant", () => {
    for (const permission of ["editSite", "managePeople", "readAudit", "exportEnquiries"] as const)
      expect(may({ role: "visitor", siteEditor: permission !== "editSite" }, permission)).toBe(false);
  });

  it("only a member of staff is made a site editor or stopped: an owner edits the site anyway", () => {
    expect([mayBeSiteEditor(owner), mayBeSiteEditor(staff), mayBeSiteEditor(siteEditor)]).toEqual([false, true, true]);
  });
});
