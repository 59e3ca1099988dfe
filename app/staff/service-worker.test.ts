import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { STAFF_PATHS } from "./paths";
import { STAFF_SERVICE_WORKER } from "./service-worker";

// The worker's script run as a browser runs it, with its `self` played here.

type Posted = { url: string; body: URLSearchParams };

function worker() {
  const listeners = new Map<string, (event: unknown) => void>();
  const posted: Posted[] = [];
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const subscribed: unknown[] = [];
  const self = {
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    skipWaiting: () => undefined,
    clients: { claim: async () => undefined },
    location: { origin: "https://site.example" },
    registration: {
      showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }),
      pushManager: {
        subscribe: async (options: unknown) => {
          subscribed.push(options);
          return subscription("https://push.example/new", 7, 8);
        },
      },
    },
  };
  const fetch = async (url: string, init: { body: URLSearchParams }) => {
    posted.push({ url, body: init.body });
    return new Response(null, { status: 204 });
  };
  runInNewContext(STAFF_SERVICE_WORKER, { self, fetch, URLSearchParams, btoa, Uint8Array, URL, Promise });
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let waited: unknown;
    listeners.get(type)!({ ...event, waitUntil: (p: unknown) => (waited = p) });
    await waited;
  };
  return { dispatch, posted, shown, subscribed };
}

/** A PushSubscription as a browser hands it over: its keys as ArrayBuffers. */
function subscription(endpoint: string, p256dhFill: number, authFill: number) {
  const keys: Record<string, Uint8Array> = {
    p256dh: new Uint8Array(65).fill(p256dhFill),
    auth: new Uint8Array(16).fill(authFill),
  };
  return {
    endpoint,
    options: { applicationServerKey: new Uint8Array(65).fill(1).buffer },
    getKey: (name: string) => keys[name]!.buffer,
  };
}
const b64url = (fill: number, length: number) => Buffer.alloc(length, fill).toString("base64url");

describe("the staff service worker", () => {
  it("a renewed subscription is posted with the old one's endpoint and auth secret as proof, keys in base64url", async () => {
    const sw = worker();
    const old = subscription("https://push.example/old", 0xfb, 0xff);
    await sw.dispatch("pushsubscriptionchange", { oldSubscription: old });
    expect(sw.subscribed).toEqual([{ userVisibleOnly: true, applicationServerKey: old.options.applicationServerKey }]);
    expect(sw.posted).toHaveLength(1);
    expect(sw.posted[0]!.url).toBe(STAFF_PATHS.renewal);
    expect(Object.fromEntries(sw.posted[0]!.body)).toEqual({
      old: "https://push.example/old",
      oldAuth: b64url(0xff, 16),
      endpoint: "https://push.example/new",
      p256dh: b64url(7, 65),
      auth: b64url(8, 16),
    });
  });

  it("a renewal the browser already made is posted as it is; one with no old subscription posts nothing", async () => {
    const sw = worker();
    await sw.dispatch("pushsubscriptionchange", {
      oldSubscription: subscription("https://push.example/a", 2, 3),
      newSubscription: subscription("https://push.example/b", 4, 5),
    });
    expect(sw.subscribed).toEqual([]);
    expect(sw.posted.map((p) => p.body.get("endpoint"))).toEqual(["https://push.example/b"]);
    await sw.dispatch("pushsubscriptionchange", { newSubscription: subscription("https://push.example/c", 4, 5) });
    expect(sw.posted).toHaveLength(1);
  });

  it("a push always shows a notification, an unreadable one included, and posts only the receipt it carried", async () => {
    const sw = worker();
    await sw.dispatch("push", { data: { json: () => JSON.parse("not json") as unknown } });
    expect(sw.shown.map((n) => n.title)).toEqual(["New enquiry · Novi upit"]);
    expect(sw.posted).toEqual([]);
    const receipt = { e: "00000000-0000-4000-8000-000000000001", d: "d".repeat(22), t: "t".repeat(32) };
    await sw.dispatch("push", { data: { json: () => ({ title: "Test alert", tag: "test-alert", receipt }) } });
    expect(sw.shown[1]).toMatchObject({ title: "Test alert", options: { tag: "test-alert" } });
    expect(sw.posted.map((p) => [p.url, Object.fromEntries(p.body)])).toEqual([[STAFF_PATHS.receipt, receipt]]);
  });
});
