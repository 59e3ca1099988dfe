import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// `npm run art`, run in a scratch copy of assets/: it regenerates its placeholders and keeps
// everything it does not own (the Croatian alt texts, a real photo and its description).
const scratch = mkdtempSync(path.join(tmpdir(), "art-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const galleries = readdirSync("assets/gallery");
const read = (root: string, file: string) => readFileSync(path.join(root, "assets/gallery", file), "utf8");

describe("npm run art", () => {
  it("regenerates the placeholder art and keeps every language's alt texts and what it did not make", () => {
    cpSync("assets", path.join(scratch, "assets"), { recursive: true });
    const vip = path.join(scratch, "assets/gallery/vip");
    writeFileSync(path.join(vip, "real-photo.jpg"), "not really a jpeg");
    const alt = JSON.parse(readFileSync(path.join(vip, "alt.json"), "utf8")) as Record<string, string>;
    writeFileSync(path.join(vip, "alt.json"), JSON.stringify({ ...alt, "real-photo.jpg": "A real photo" }, null, 2));
    writeFileSync(path.join(vip, "vip-99.svg"), "<svg/>"); // its own output from a larger count

    execFileSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/generate-gallery-art.ts"], {
      env: { ...process.env, ART_ROOT: scratch },
      stdio: "pipe",
    });

    for (const gallery of galleries)
      for (const file of readdirSync(path.join("assets/gallery", gallery))) {
        const name = `${gallery}/${file}`;
        if (!(gallery === "vip" && file === "alt.json")) expect(read(scratch, name), name).toBe(read(".", name));
      }
    expect(readFileSync(path.join(vip, "real-photo.jpg"), "utf8")).toBe("not really a jpeg");
    const after = JSON.parse(readFileSync(path.join(vip, "alt.json"), "utf8")) as Record<string, string>;
    expect(after).toEqual({ ...alt, "real-photo.jpg": "A real photo" });
    expect(readdirSync(vip)).not.toContain("vip-99.svg");
  });
});
