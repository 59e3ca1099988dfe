import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkLayers, roomOf } from "./lib/layers";
import { STATIC_CHECKS } from "./lib/side-by-side";

const file = (path: string, ...imports: string[]) => ({
  file: path,
  text: imports.map((i, n) => `import { x${n} } from "${i}";`).join("\n") + "\nexport const y = 1;\n",
});

describe("the import-direction check", () => {
  it("passes imports that run downward, within a room, or between base rooms", () => {
    expect(
      checkLayers([
        file("app/routes/contact.tsx", "~/enquiry/action.server", "~/root", "~/components/Header"),
        file("app/enquiry/intake.server.ts", "~/store/store.server", "./schema.server", "~/utils/log.server"),
        file("app/store/sql.server.ts", "~/utils/env.server", "./rows.server"),
        file("app/i18n/contact.ts", "~/content/enquiry-fields", "../utils/seo"),
        file(
          "app/process/wire.server.ts",
          "~/delivery/worker.server",
          "~/site/site.server",
          "~/staff/staff.server",
          "pg",
        ),
      ]),
    ).toEqual([]);
  });

  it("refuses a planted import that runs upward, with its file and line", () => {
    const found = checkLayers([file("app/store/sql.server.ts", "~/utils/log.server", "~/enquiry/schema.server")]);
    expect(found).toEqual([
      expect.objectContaining({ file: "app/store/sql.server.ts", line: 2, imports: "~/enquiry/schema.server" }),
    ]);
    expect(found[0]!.why).toMatch(/downward/);
  });

  it("refuses an upward relative import, a dynamic one and a re-export", () => {
    const found = checkLayers([
      { file: "app/utils/env.server.ts", text: 'import { s } from "../staff/session.server";\n' },
      { file: "app/delivery/worker.server.ts", text: 'const m = await import("~/process/process.server");\n' },
      { file: "app/store/index.ts", text: 'export { store } from "~/process/process.server";\n' },
    ]);
    expect(found.map((v) => v.file)).toEqual([
      "app/utils/env.server.ts",
      "app/delivery/worker.server.ts",
      "app/store/index.ts",
    ]);
  });

  it("refuses sibling features reaching into each other, and test support inside the app", () => {
    const found = checkLayers([
      file("app/staff/staff.server.ts", "~/enquiry/rate-limit.server"),
      file("app/store/sqlite.server.ts", "../../tests/support/raw-sql"),
      file("app/delivery/emailjs.server.ts", "../../mocks/emailjs"),
    ]);
    expect(found.map((v) => v.why)).toEqual([
      expect.stringMatching(/sibling/),
      expect.stringMatching(/never imports tests/),
      expect.stringMatching(/never imports mocks/),
    ]);
  });

  it("leaves tests alone, and names a room that is in no layer", () => {
    expect(checkLayers([file("app/store/sql.server.test.ts", "~/enquiry/schema.server")])).toEqual([]);
    expect(checkLayers([file("app/billing/invoice.server.ts", "~/utils/env.server")])[0]!.why).toMatch(/no layer/);
  });

  it("keeps every room below the composition root, which reaches them through no import of theirs", () => {
    const found = checkLayers([
      file("app/utils/form-body.server.ts", "~/process/wire.server"),
      file("app/utils/limiter.server.ts", "~/store/sql.server"),
      file("app/staff/staff.server.ts", "~/process/wire.server"),
      file("app/process/wire.server.ts", "~/routes/contact"),
      file("app/shared/process.server.ts", "~/utils/log.server"),
    ]);
    expect(found.map((v) => [v.file, v.why])).toEqual([
      ["app/utils/form-body.server.ts", expect.stringMatching(/utils is below process/)],
      ["app/utils/limiter.server.ts", expect.stringMatching(/utils is below store/)],
      ["app/staff/staff.server.ts", expect.stringMatching(/staff is below process/)],
      ["app/process/wire.server.ts", expect.stringMatching(/process is below routes/)],
      ["app/shared/process.server.ts", expect.stringMatching(/app\/shared is in no layer/)],
    ]);
  });

  it("passes the tree as it is, and fails it with one wrong import planted in a real file", () => {
    const real = ["app/utils/form-body.server.ts", "app/process/wire.server.ts", "app/enquiry/intake.server.ts"].map(
      (path) => ({ file: path, text: readFileSync(path, "utf8") }),
    );
    expect(checkLayers(real)).toEqual([]);
    const planted = { ...real[0]!, text: `import { wire } from "~/process/wire.server";\n${real[0]!.text}` };
    expect(checkLayers([planted, ...real.slice(1)])).toEqual([
      expect.objectContaining({ file: "app/utils/form-body.server.ts", line: 1, imports: "~/process/wire.server" }),
    ]);
  });

  it("knows the rooms of top-level files", () => {
    expect(roomOf("app/root.tsx")).toBe("root");
    expect(roomOf("app/entry.server.tsx")).toBe("entry");
    expect(roomOf("app/store/sql.server.ts")).toBe("store");
  });

  it("is part of npm run validate", () => {
    const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> };
    expect(pkg.scripts.validate).toBe("tsx scripts/validate.ts");
    expect(readFileSync("scripts/validate.ts", "utf8")).toContain("sideBySide([...STATIC_CHECKS");
    expect(STATIC_CHECKS.map((c) => c.args.join(" "))).toContain("scripts/check-layers.ts");
  });
});
