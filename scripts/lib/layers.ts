import path from "node:path";

/** The app's rooms, lowest first: a module may import its own room and the rooms below it, never
 * one above, and never a sibling room of the same rank (the features do not reach into each
 * other: what two of them need lives lower down). docs/architecture.md explains each room. */
const LAYERS: readonly (readonly string[])[] = [
  // The foundation: these four may import each other, and no room above them.
  ["content", "i18n", "styles", "utils"],
  ["store"],
  ["delivery"],
  // The owner's site (decision 0038): both the public pages and the staff area read it.
  ["site"],
  ["enquiry", "staff", "components"],
  // The composition root (wire): it makes every room's parts at start-up; they reach it only through the load context.
  ["process"],
  ["routes", "root", "entry"],
];

/** Ranks whose rooms may import each other: the base, and the top (a route reads the root's loader data). */
const OPEN_RANKS = new Set([0, LAYERS.length - 1]);

export type Violation = { file: string; line: number; imports: string; why: string };

export function roomOf(file: string): string | undefined {
  const parts = file.split("/");
  if (parts[0] !== "app" || parts.length < 2) return undefined;
  if (parts.length === 2) return parts[1]!.split(".")[0];
  return parts[1];
}

const rankOf = (room: string) => LAYERS.findIndex((rooms) => rooms.includes(room));

/** Whether a file is production code the rule applies to (tests may reach across rooms). */
export const isChecked = (file: string) =>
  /^app\/.*\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith(".d.ts");

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function target(file: string, spec: string): string | undefined {
  if (spec.startsWith("~/")) return `app/${spec.slice(2)}`;
  if (spec.startsWith(".")) return path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return undefined;
}

export function checkLayers(files: { file: string; text: string }[]): Violation[] {
  const found: Violation[] = [];
  for (const { file, text } of files) {
    if (!isChecked(file)) continue;
    const from = roomOf(file)!;
    const fromRank = rankOf(from);
    for (const match of text.matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2])!;
      const to = target(file, spec);
      if (!to) continue;
      const line = text.slice(0, match.index).split("\n").length + (match[0].startsWith("\n") ? 1 : 0);
      const report = (why: string) => found.push({ file, line, imports: spec, why });
      if (to.startsWith("tests/") || to.startsWith("mocks/") || to.startsWith("scripts/")) {
        report(`app/ never imports ${to.split("/")[0]}/ (test support and tools stay out of the app)`);
        continue;
      }
      const room = roomOf(to);
      if (!room || room === from) continue;
      const toRank = rankOf(room);
      if (fromRank < 0) report(`app/${from} is in no layer: add it to LAYERS in scripts/lib/layers.ts`);
      else if (toRank < 0) report(`app/${room} is in no layer: add it to LAYERS in scripts/lib/layers.ts`);
      else if (toRank > fromRank) report(`${from} is below ${room}: imports run downward only`);
      else if (toRank === fromRank && !OPEN_RANKS.has(toRank))
        report(`${from} and ${room} are sibling rooms: what both need belongs in a room below them`);
    }
  }
  return found;
}
