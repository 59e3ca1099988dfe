/** Redirect targets an attacker sends in `next` or `back` to leave the site or smuggle a header:
 * each must come out as a path of this site under /staff (the unit test of safeNext and the
 * language switch's HTTP test share them). */
export const HOSTILE_TARGETS = [
  "https://evil.example/staff",
  "http:/evil.example/staff",
  "//evil.example/staff",
  "///evil.example/staff",
  "/\\evil.example/staff",
  "\\\\evil.example\\staff",
  "/\t/evil.example/staff",
  "/\t\t/evil.example/staff",
  "/\n/evil.example/staff",
  "/\r/evil.example/staff",
  "/staff\r\nLocation: https://evil.example",
  "/staff\r\nSet-Cookie: staff=x",
  "/staff/\u0000/x",
  "/staff/\u007f",
  "/staff/\u0085",
  "/staff/\u2028evil",
  "/%09/evil.example/staff",
  "/%2f%2fevil.example/staff",
  "/%2F/evil.example/staff",
  "/%5cevil.example/staff",
  "/%0d%0aLocation:%20https://evil.example",
  "/\uff0f\uff0fevil.example/staff",
  "/\u2215\u2215evil.example/staff",
  "\uff0f\uff0fevil.example/staff",
  "/staff/../contact",
  "/staff/%2e%2e/contact",
  "/staff/..%2f..%2fcontact",
  "/contact",
  "/hr/staff",
  "javascript:alert(1)",
  " /staff",
  "/@evil.example/staff",
  `/staff/${"a".repeat(600)}`,
  "",
] as const;

/** Targets that must be kept as they are (a staff page, with its query). */
export const KEPT_TARGETS = [
  ["/staff/account", "/staff/account"],
  ["/staff/audit?before=12", "/staff/audit?before=12"],
  ["/staff/inbox?q=Ana Horvat&followUp=new", "/staff/inbox?q=Ana%20Horvat&followUp=new"],
  ["/STAFF/People", "/STAFF/People"],
] as const;
