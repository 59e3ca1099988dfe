// `npm run validate`: the static checks side by side, then the unit tests alone (their time limits assume a quiet machine).
import { spawnSync } from "node:child_process";
import { sideBySide, STATIC_CHECKS } from "./lib/side-by-side";

const started = Date.now();
const images = spawnSync("npm", ["run", "images", "--silent"], { stdio: "inherit" }).status === 0;
const outcomes = images ? await sideBySide(STATIC_CHECKS) : [];
const unit = images && spawnSync("node_modules/.bin/vitest", ["run"], { stdio: "inherit" }).status === 0;

const failures = [...outcomes.filter((o) => !o.ok).map((o) => o.label), ...(unit ? [] : ["unit (vitest)"])];
console.log(
  `\nvalidate: ${failures.length ? `failed: ${failures.join(", ")}` : "all passed"} (${Math.round((Date.now() - started) / 1000)}s)`,
);
process.exit(failures.length ? 1 : 0);
