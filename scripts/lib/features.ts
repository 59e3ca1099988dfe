/** docs/architecture.md's Features section lists every path of a feature; this holds it to the files, both ways. */
const FEATURE_NAMES: Readonly<Record<string, RegExp>> = {
  push: /push/i,
  "site section": /(^|\/)(site|media)[-./]|staff\.site\.|\/site\//,
  inbox: /inbox/i,
};

export type FeatureIndex = Map<string, string[]>;
export type FeatureFinding = { feature: string; why: string };

/** `- **push** (what it is): \`app/store/push-*.server.ts\`, …` — one line a feature, its paths in backticks. */
export function readFeatureIndex(markdown: string): FeatureIndex {
  const start = markdown.indexOf("\n## Features");
  if (start < 0) return new Map();
  const end = markdown.indexOf("\n## ", start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  const index: FeatureIndex = new Map();
  for (const entry of section.split(/\n(?=- \*\*)/)) {
    const name = /^- \*\*([^*]+)\*\*/.exec(entry)?.[1];
    if (name)
      index.set(
        name,
        [...entry.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!),
      );
  }
  return index;
}

const covers = (pattern: string, file: string) =>
  pattern.endsWith("/")
    ? file.startsWith(pattern)
    : new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*")}$`).test(file);

export function checkFeatures(index: FeatureIndex, files: readonly string[]): FeatureFinding[] {
  const found: FeatureFinding[] = [];
  for (const [feature, named] of Object.entries(FEATURE_NAMES)) {
    const paths = index.get(feature);
    if (!paths) {
      found.push({ feature, why: `docs/architecture.md's Features section has no line for "${feature}"` });
      continue;
    }
    for (const path of paths)
      if (!files.some((file) => covers(path, file))) found.push({ feature, why: `lists ${path}, which is no file` });
    for (const file of files)
      if (named.test(file) && !paths.some((path) => covers(path, file)))
        found.push({ feature, why: `${file} is named for it but not in its line` });
  }
  return found;
}
