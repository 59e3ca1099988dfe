// `npm run validate`'s import-direction check: every import in app/ runs downward (scripts/lib/layers.ts names the rooms).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { checkFeatures, readFeatureIndex } from "./lib/features";
import { checkLayers, isChecked } from "./lib/layers";
import { isSqlChecked, sqlOutsideStore } from "./lib/sql-text";

const files = execFileSync("git", ["ls-files", "--cached", "--others", "--exclude-standard", "app"], {
  encoding: "utf8",
})
  .split("\n")
  .filter(isChecked)
  .map((file) => ({ file, text: readFileSync(file, "utf8") }));

const violations = checkLayers(files);
for (const v of violations) console.error(`${v.file}:${v.line}: imports ${v.imports}: ${v.why}`);
console.log(
  violations.length
    ? `layers: ${violations.length} import(s) run the wrong way in ${files.length} files`
    : `layers: ${files.length} files, every import runs downward`,
);

// SQL text outside the store: app/, server/ and scripts/ (tests may write rows by hand).
const sqlFiles = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "scripts"],
  {
    encoding: "utf8",
  },
)
  .split("\n")
  .filter(isSqlChecked)
  .map((file) => ({ file, text: readFileSync(file, "utf8") }));
const sql = sqlOutsideStore(sqlFiles);
for (const v of sql) console.error(`${v.file}:${v.line}: ${v.why}`);
console.log(
  sql.length
    ? `sql: ${sql.length} file(s) hold SQL outside app/store`
    : `sql: none outside app/store in ${sqlFiles.length} files`,
);

const repositoryFiles = execFileSync(
  "git",
  ["ls-files", "--cached", "--others", "--exclude-standard", "app", "server", "scripts", "tests", "mocks"],
  { encoding: "utf8" },
)
  .split("\n")
  .filter(Boolean);
const features = checkFeatures(readFeatureIndex(readFileSync("docs/architecture.md", "utf8")), repositoryFiles);
for (const f of features) console.error(`docs/architecture.md: ${f.feature}: ${f.why}`);
console.log(
  features.length
    ? `features: ${features.length} path(s) differ from the Features section`
    : "features: every file of push, the site section and the inbox is in its line of the Features section",
);
process.exit(violations.length || sql.length || features.length ? 1 : 0);
