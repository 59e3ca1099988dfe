// A link in the README or docs/ to a file or heading that moved is a newcomer's dead end.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const file = path.join(dir, entry);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return file.endsWith(".md") ? [file] : [];
  });
}

const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

const anchorsIn = (file: string) =>
  new Set([...readFileSync(file, "utf8").matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));

const DOCS = ["README.md", ...markdownFiles("docs")];

describe("links between the project's documents", () => {
  it.each(DOCS)("%s: every relative link names a file that exists, and a heading in it", (file) => {
    const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
    const broken: string[] = [];
    for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/i.test(target!) || target!.startsWith("//")) continue;
      const [where, anchor] = target!.split("#") as [string, string | undefined];
      const resolved = where ? path.join(path.dirname(file), decodeURIComponent(where)) : file;
      if (!existsSync(resolved)) broken.push(`${target} (no ${resolved})`);
      else if (anchor && resolved.endsWith(".md") && !anchorsIn(resolved).has(anchor))
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
    }
    expect(broken).toEqual([]);
  });
});
