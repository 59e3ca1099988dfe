// `npm run validate`: the fast checks for every change, side by side (scripts/lib/side-by-side.ts). The unit tests
// run beside the static checks: they mostly wait, and the static checks keep the cores busy meanwhile.
import { spawnSync } from "node:child_process";
import { sideBySide, STATIC_CHECKS } from "./lib/side-by-side";

const started = Date.now();
// The generated images are imported by the code the checks read.
if (spawnSync("npm", ["run", "images", "--silent"], { stdio: "inherit" }).status !== 0) process.exit(1);

const outcomes = await sideBySide([
  ...STATIC_CHECKS,
  { label: "unit (vitest)", command: "node_modules/.bin/vitest", args: ["run"] },
]);

const failures = outcomes.filter((o) => !o.ok).map((o) => o.label);
console.log(
  `\nvalidate: ${outcomes.length - failures.length} of ${outcomes.length} passed in ${Math.round((Date.now() - started) / 1000)}s`,
);
if (failures.length > 0) {
  console.log(`failed: ${failures.join(", ")}`);
  process.exit(1);
}
