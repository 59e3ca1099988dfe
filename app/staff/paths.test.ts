import { describe, expect, it } from "vitest";
import { isOpenStaffPath, isStaffPath, safeNext } from "./paths";

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

  it("opens only sign-in, invitation, the passkey ceremonies and the language to a person without a session", () => {
    expect(isOpenStaffPath("/Staff/Sign-In")).toBe(true);
    expect(isOpenStaffPath("/staff/sign-in.data")).toBe(true);
    expect(isOpenStaffPath("/staff/passkey")).toBe(true);
    expect(isOpenStaffPath("/staff")).toBe(false);
    expect(isOpenStaffPath("/staff/sign-in/../people")).toBe(false);
    expect(isOpenStaffPath("/staff/people")).toBe(false);
  });
});

describe("where sign-in goes next", () => {
  it.each([
    ["/staff/account", "/staff/account"],
    ["/staff/audit?before=12", "/staff/audit?before=12"],
    ["https://evil.example/staff", "/staff"],
    ["//evil.example/staff", "/staff"],
    ["/\\evil.example/staff", "/staff"],
    ["/staff/../contact", "/staff"],
    ["javascript:alert(1)", "/staff"],
    ["/staff/sign-in", "/staff"],
    ["/staff\r\nLocation: https://evil.example", "/staff"],
    ["", "/staff"],
    [null, "/staff"],
    ["/contact", "/staff"],
  ])("%j → %s", (next, expected) => expect(safeNext(next)).toBe(expected));
});
