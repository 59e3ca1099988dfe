// `npm run validate`: the static checks and the unit tests side by side (the unit tests mostly wait).
import { spawnSync } from "node:child_process";
import { sideBySide, STATIC_CHECKS } from "./lib/side-by-side";

const started = Date.now();
const images = spawnSync("npm", ["run", "images", "--silent"], { stdio: "inherit" }).status === 0;
const unit = { label: "unit (vitest)", command: "node_modules/.bin/vitest", args: ["run"] };
const outcomes = images ? await sideBySide([...STATIC_CHECKS, unit]) : [];

const failures = images ? outcomes.filter((o) => !o.ok).map((o) => o.label) : ["images"];
console.log(
  `\nvalidate: ${failures.length ? `failed: ${failures.join(", ")}` : "all passed"} (${Math.round((Date.now() - started) / 1000)}s)`,
);
process.exit(failures.length ? 1 : 0);
