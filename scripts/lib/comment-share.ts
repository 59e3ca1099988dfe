// Comments found by TypeScript's own scanner, so `//` inside a string, a template or SQL is not one.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

export type CommentRange = { pos: number; end: number };

const parsed = new Map<string, { text: string; ranges: CommentRange[] }>();

export function commentRanges(fileName: string, text: string): CommentRange[] {
  const known = parsed.get(fileName);
  if (known?.text === text) return known.ranges;
  const ranges = scan(fileName, text);
  parsed.set(fileName, { text, ranges });
  return ranges;
}

function scan(fileName: string, text: string): CommentRange[] {
  const kind = fileName.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = new Map<number, CommentRange>();
  const jsxText: CommentRange[] = [];
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.push({ pos: node.pos, end: node.end });
    for (const r of ts.getLeadingCommentRanges(text, node.pos) ?? []) found.set(r.pos, r);
    for (const r of ts.getTrailingCommentRanges(text, node.end) ?? []) found.set(r.pos, r);
    node.getChildren(source).forEach(visit);
  };
  visit(source);
  // JSX text is data: a `//` in it is no comment.
  for (const t of jsxText) for (const pos of found.keys()) if (pos >= t.pos && pos < t.end) found.delete(pos);
  if (text.startsWith("#!")) found.delete(0);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** Non-blank lines, and those of them that hold a comment. */
export function commentLines(fileName: string, text: string): { lines: number; comment: number } {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  const lineOf = (pos: number) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= pos) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
  const marked = new Set<number>();
  for (const r of commentRanges(fileName, text)) {
    for (let l = lineOf(r.pos); l <= lineOf(r.end - 1); l++) marked.add(l);
  }
  const lines = text.split("\n");
  let nonBlank = 0;
  let comment = 0;
  lines.forEach((line, n) => {
    if (line.trim() === "") return;
    nonBlank++;
    if (marked.has(n)) comment++;
  });
  return { lines: nonBlank, comment };
}

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && SOURCE.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => !f.split("/").includes("node_modules"))
    .sort();
}

export function commentShare(dir: string): { lines: number; comment: number; share: number } {
  let lines = 0;
  let comment = 0;
  for (const file of sourceFiles(dir)) {
    const c = commentLines(file, readFileSync(file, "utf8"));
    lines += c.lines;
    comment += c.comment;
  }
  return { lines, comment, share: lines === 0 ? 0 : comment / lines };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length > 0 ? dirs : ["app", "server"]) {
    const { lines, comment, share } = commentShare(dir);
    console.log(
      `${dir.padEnd(16)} ${String(comment).padStart(5)} / ${String(lines).padStart(6)}  ${(share * 100).toFixed(1)} %`,
    );
  }
}
