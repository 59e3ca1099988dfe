import { Counter, Histogram, Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { registry, serverMetrics } from "./metrics.server";

// prom-client's own metrics, as they were declared before the tallies: the reference for every figure and line.
function reference() {
  const registers = [new Registry()];
  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method and status.",
    labelNames: ["method", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and status class.",
    labelNames: ["method", "status_class"] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers,
  });
  const observe = (method: string | undefined, status: number, seconds: number) => {
    const m = method && ["GET", "HEAD", "POST"].includes(method) ? method : "OTHER";
    requests.inc({ method: m, status: String(status) });
    duration.observe({ method: m, status_class: `${Math.floor(status / 100)}xx` }, seconds);
  };
  return { registry: registers[0]!, observe };
}

const section = (text: string, name: string) =>
  text
    .trimEnd()
    .split("\n\n")
    .find((block) => block.startsWith(`# HELP ${name} `)) ?? `(no ${name})`;
const NAMES = ["http_requests_total", "http_request_duration_seconds"];

describe("request metrics", () => {
  it("read the same as prom-client's counter and histogram fed the same answers, scrape after scrape", async () => {
    const theirs = reference();
    const answers: [string | undefined, number, number][] = [
      ["GET", 200, 0.0004],
      ["GET", 200, 0.001],
      ["HEAD", 304, 0.0025],
      ["POST", 302, 0.07],
      ["GET", 404, 7],
      ["PUT", 405, 0.3],
      [undefined, 400, 0.000_01],
      ["GET", 200, 1],
    ];
    for (const round of [answers, answers.slice(2), []]) {
      for (const [method, status, seconds] of round) {
        serverMetrics.observeRequest(method, status, seconds);
        theirs.observe(method, status, seconds);
      }
      const [mine, expected] = [await registry.metrics(), await theirs.registry.metrics()];
      for (const name of NAMES) expect(section(mine, name)).toBe(section(expected, name));
      const json = async (r: Registry) =>
        (await r.getMetricsAsJSON()).filter((m) => NAMES.includes(m.name)).map((m) => JSON.stringify(m));
      expect(await json(registry)).toEqual(await json(theirs.registry));
    }
  });
});
