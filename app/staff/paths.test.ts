import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { isOpenStaffPath, isStaffDownload, isStaffPath, safeNext } from "./paths";
import { HOSTILE_TARGETS, KEPT_TARGETS } from "../../tests/support/redirect-corpus";

describe("the staff prefix, however a path spells it", () => {
  it.each([
    "/staff",
    "/staff/",
    "/STAFF/People",
    "/staff.data",
    "/staff/audit.data",
    "//staff//people",
    "/%73taff/people",
    "/x/../staff/people",
    "/x/%2e%2e/staff",
    "/staff%2Fpeople",
    "\\staff\\people",
  ])("%s is under /staff", (path) => expect(isStaffPath(path)).toBe(true));

  it.each(["/", "/staffing", "/staff-inbox.css", "/staff.css", "/contact", "/hr/contact", "/x/staff"])(
    "%s is not",
    (path) => expect(isStaffPath(path)).toBe(false),
  );

  it("opens only sign-in, invitation, the passkey ceremonies, the language and the end of a preview to a person without a session", () => {
    expect(isOpenStaffPath("/Staff/Sign-In")).toBe(true);
    expect(isOpenStaffPath("/staff/sign-in.data")).toBe(true);
    expect(isOpenStaffPath("/staff/passkey")).toBe(true);
    // Ending a preview: the preview cookie's token is the proof, so a browser whose session ended can leave it.
    expect(isOpenStaffPath("/staff/site/end-preview")).toBe(true);
    expect(isOpenStaffPath("/staff/site/preview")).toBe(false);
    expect(isOpenStaffPath("/staff")).toBe(false);
    expect(isOpenStaffPath("/staff/sign-in/../people")).toBe(false);
    expect(isOpenStaffPath("/staff/people")).toBe(false);
  });
});

describe("the one redirect rule (safeNext)", () => {
  it.each(HOSTILE_TARGETS.map((t) => [t]))("%j → /staff, with or without open pages", (target) => {
    expect(safeNext(target)).toBe("/staff");
    expect(safeNext(target, { open: true })).toBe("/staff");
  });

  it.each(KEPT_TARGETS)("%j is kept as %j", (target, expected) => {
    expect(safeNext(target)).toBe(expected);
    expect(safeNext(target, { open: true })).toBe(expected);
  });

  it("after sign-in never goes back to an open page; the language switch may", () => {
    expect(safeNext(null)).toBe("/staff");
    expect(safeNext("/staff/sign-in")).toBe("/staff");
    expect(safeNext("/staff/sign-in?next=%2Fstaff%2Faccount", { open: true })).toBe(
      "/staff/sign-in?next=%2Fstaff%2Faccount",
    );
    expect(safeNext("/staff/invitation?token=abc", { open: true })).toBe("/staff/invitation?token=abc");
  });

  it("whatever it keeps is a plain path with nothing a header could split on", () => {
    const odd = ["/staff/a b", '/staff/"x"', "/staff/<x>", "/staff/ä", "/staff?x=\u00e9&y=<>", "/staff/#frag"];
    for (const target of odd) {
      const kept = safeNext(target);
      expect(kept, target).toMatch(/^\/staff[\x21-\x7e]*$/);
      expect(kept).not.toContain("#");
    }
  });
});

describe("the staff downloads that must be started on a page of this site", () => {
  it.each([
    "/staff/inbox/export",
    "/STAFF/Inbox/Export",
    "/staff/inbox/export/",
    "/staff//inbox/%65xport",
    "/staff/inbox/subject/download",
    "/staff/inbox/subject/download.data",
    "/x/../staff/inbox/export",
  ])("%s is one", (path) => expect(isStaffDownload(path)).toBe(true));

  it.each(["/staff/inbox", "/staff/inbox/subject", "/staff/inbox/exports", "/inbox/export"])("%s is not", (path) =>
    expect(isStaffDownload(path)).toBe(false),
  );

  it("lists every staff route whose loader writes to the audit log (a new one cannot be forgotten)", () => {
    const routes = readdirSync("app/routes").filter((f) => /^staff\..*\.tsx?$/.test(f) && !f.includes(".test."));
    const auditing = routes.filter((file) => {
      const source = readFileSync(`app/routes/${file}`, "utf8");
      const start = source.search(/export (async )?function loader|export const loader/);
      if (start < 0) return false;
      // The loader's text: up to the next top-level declaration.
      const rest = source.slice(start + 1);
      const end = rest.search(/\n(export |function |const )/);
      return /\baudit\(/.test(end < 0 ? rest : rest.slice(0, end));
    });
    expect(auditing.length).toBeGreaterThanOrEqual(2);
    for (const file of auditing) {
      const path = `/${file
        .replace(/\.tsx?$/, "")
        .replace(/\._index$/, "")
        .split(".")
        .join("/")}`;
      expect(isStaffDownload(path), `${file}'s loader writes to the audit log: list ${path} in DOWNLOADS`).toBe(true);
    }
  });
});
