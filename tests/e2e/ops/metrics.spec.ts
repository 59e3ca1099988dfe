// /metrics in Prometheus's text format behind METRICS_TOKEN, read strictly: each sample a name, optional labels, a number.
import { expect, test } from "@playwright/test";
import { deliveredCounts, enquiryBody, startServer } from "./server";
import { scaled } from "../time-scale";

const TOKEN = "metrics-token-for-the-ops-test";
const SAMPLE =
  /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{(?:[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\]|\\.)*",?)*\})? (-?[0-9.]+(?:e[+-]?[0-9]+)?|NaN|\+Inf|-Inf)$/;

function parse(text: string) {
  const samples = new Map<string, number>();
  for (const line of text.split("\n")) {
    if (line === "" || line.startsWith("# HELP ") || line.startsWith("# TYPE ")) continue;
    const m = SAMPLE.exec(line);
    expect(m, `not a sample line: ${line}`).not.toBeNull();
    samples.set(`${m![1]}${m![2] ?? ""}`, Number(m![3]));
  }
  return samples;
}

test("/metrics: off without a token, 401 without the right one, the queue, HTTP and cache figures with it", async () => {
  test.setTimeout(scaled(60_000));
  const off = await startServer(3171);
  try {
    expect((await fetch(`${off.base}/metrics`)).status).toBe(404);
  } finally {
    off.child.kill("SIGTERM");
  }
  const server = await startServer(3172, { METRICS_TOKEN: TOKEN });
  try {
    expect((await fetch(`${server.base}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.base}/metrics`, { headers: { authorization: "Bearer wrong" } })).status).toBe(401);
    for (let i = 0; i < 3; i++) await fetch(`${server.base}/`);
    expect(
      (await fetch(`${server.base}/contact`, { method: "POST", body: enquiryBody("Measured"), redirect: "manual" }))
        .status,
    ).toBe(302);
    await expect.poll(() => deliveredCounts(server.record).size, { timeout: scaled(10_000) }).toBe(1);

    const res = await fetch(`${server.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain;.*version=0\.0\.4/);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const m = parse(await res.text());
    expect(m.get("enquiries_accepted_total")).toBe(1);
    expect(m.get('enquiry_deliveries_total{channel="email"}')).toBe(1);
    expect(m.get("enquiries_pending")).toBe(0);
    expect(m.get("enquiries_accepting")).toBe(1);
    expect(m.get('http_requests_total{method="POST",status="302"}')).toBe(1);
    expect(m.get('http_requests_total{method="GET",status="200"}')).toBeGreaterThanOrEqual(3);
    expect(m.get('page_cache_requests_total{result="hit"}')).toBeGreaterThanOrEqual(2);
    expect(m.get('http_request_duration_seconds_count{method="GET",status_class="2xx"}')).toBeGreaterThanOrEqual(3);
    expect(m.has("process_resident_memory_bytes")).toBe(true);
    expect(m.has("nodejs_eventloop_lag_seconds")).toBe(true);
  } finally {
    server.child.kill("SIGTERM");
  }
});
