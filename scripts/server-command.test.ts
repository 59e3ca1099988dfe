import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_ARGS, SERVER_COMMAND } from "./lib/server-command";

const read = (file: string) => readFileSync(file, "utf8");

describe("the production server's command line", () => {
  it("is npm start's", () => {
    expect(JSON.parse(read("package.json")).scripts.start).toMatch(new RegExp(`&& ${SERVER_COMMAND}$`));
  });

  it("is the Dockerfile's CMD", () => {
    expect(read("Dockerfile")).toContain(`CMD ${JSON.stringify(["node", ...SERVER_ARGS]).replaceAll(",", ", ")}`);
  });

  it("is what the container smoke starts", () => {
    expect(read("scripts/container-smoke.sh")).toContain(`exec "$node22" ${SERVER_ARGS.join(" ")} >`);
  });
});
