import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkFeatures, readFeatureIndex } from "./lib/features";

const files = execFileSync("git", ["ls-files", "app", "server", "scripts", "tests", "mocks"], { encoding: "utf8" })
  .split("\n")
  .filter(Boolean);
const docs = readFileSync("docs/architecture.md", "utf8");

describe("the Features section of docs/architecture.md", () => {
  it("lists every file of push, the site section and the inbox, and nothing that is not a file", () => {
    expect(checkFeatures(readFeatureIndex(docs), files)).toEqual([]);
  });

  it("names a new push file left out of push's line, and a listed path that is gone", () => {
    const index = readFeatureIndex(docs);
    const found = checkFeatures(index, [...files, "app/staff/push-quiet-hours.server.ts"]);
    expect(found).toEqual([
      { feature: "push", why: "app/staff/push-quiet-hours.server.ts is named for it but not in its line" },
    ]);
    const push = index.get("push")!;
    const gone = checkFeatures(new Map([...index, ["push", [...push, "app/push/gone.server.ts"]]]), files);
    expect(gone).toEqual([{ feature: "push", why: "lists app/push/gone.server.ts, which is no file" }]);
  });

  it("says when a feature has no line at all", () => {
    const index = readFeatureIndex(docs);
    index.delete("inbox");
    expect(checkFeatures(index, files)).toEqual([
      { feature: "inbox", why: `docs/architecture.md's Features section has no line for "inbox"` },
    ]);
  });
});
