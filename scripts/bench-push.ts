// Alerts on staff phones beside e-mail (`npm run bench:push`, needs a build): from each POST's answer to each device's push
// and to EmailJS, for docs/performance.md. E-mail is paced at 1 a second, so its burst figures are its queue.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { openStore } from "../app/store/open-store.server";
import { invite } from "../app/staff/members.server";
import { SubscriptionForm, subscribeDevice } from "../app/staff/push-devices.server";
import { parsePushServices, type PushService } from "../app/utils/push-services.server";
import { makeDevice, startPushService } from "../tests/support/push-stand-in";
import { scratchDir } from "./lib/scratch-dir";
import { serveBuild } from "./lib/serve-build";
import { median, quantile } from "./lib/stats";

const BURST = Number(process.env.BENCH_PUSH_BURST ?? 30);
const [PUSH_PORT, EMAIL_PORT, SITE_PORT] = [3263, 3264, 3265];
const file = path.join(scratchDir("bench-push"), "site.db");

const emailed = new Map<string, number>();
const emailjs = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    const message = /name="message"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1];
    if (message) emailed.set(message, Date.now());
    res.writeHead(200, { "content-type": "text/plain" }).end("OK");
  });
});
await new Promise<void>((resolve) => emailjs.listen(EMAIL_PORT, "127.0.0.1", resolve));
const push = await startPushService(PUSH_PORT);

const store = openStore({ DATABASE_URL: `file:${file}`, DATABASE_POOL_MAX: 1 }, { push: true });
const { member } = await invite(store.staff, {
  email: "bench@example.com",
  role: "staff",
  siteUrl: "http://localhost",
});
for (const name of ["one", "two"]) {
  const added = await subscribeDevice(
    store.push,
    member,
    {
      ...SubscriptionForm.parse({ endpoint: `${push.origin}/${name}`, ...makeDevice(), name }),
      fallbackName: name,
      language: "en",
    },
    { services: parsePushServices(push.origin) as PushService[], maxDevices: 10 },
  );
  if (!added.ok) throw new Error(`device ${name} not subscribed: ${added.reason}`);
}
await store.close();

const server = await serveBuild({
  port: SITE_PORT,
  env: {
    DATABASE_URL: `file:${file}`,
    EMAILJS_SERVICE_ID: "service_bench",
    EMAILJS_TEMPLATE_ID: "template_bench",
    EMAILJS_PUBLIC_KEY: "public_bench",
    EMAILJS_API_URL: `http://127.0.0.1:${EMAIL_PORT}`,
    PUSH_SERVICE_HOSTS: push.origin,
    RATE_LIMIT_MAX: "0",
    SPAM_MIN_SECONDS: "0",
    SPAM_REPEAT_COUNT: "0",
  },
});

async function send(messages: string[]): Promise<Map<string, number>> {
  const answered = new Map<string, number>();
  await Promise.all(
    messages.map(async (message) => {
      const res = await fetch(`${server.base}/contact`, {
        method: "POST",
        body: new URLSearchParams({
          name: "Bench",
          email: "bench@example.com",
          number: "+385 91 000 0000",
          category: "Concierge services",
          message,
          website: "",
        }),
        redirect: "manual",
      });
      if (res.status !== 302) throw new Error(`POST answered ${res.status}`);
      answered.set(message, Date.now());
    }),
  );
  return answered;
}

async function delays(answered: Map<string, number>) {
  const deadline = Date.now() + 30_000 + answered.size * 1_500;
  const db = new Database(file, { readonly: true });
  const referenceOf = new Map<string, string>();
  try {
    for (;;) {
      for (const message of answered.keys())
        if (!referenceOf.has(message)) {
          const row = db.prepare("SELECT reference FROM enquiries WHERE message = ?").get(message) as
            { reference: string } | undefined;
          if (row) referenceOf.set(message, row.reference);
        }
      const reached = (message: string, device: string) =>
        push.accepted(`/${device}`).find((r) => r.headers.topic === referenceOf.get(message))?.at;
      const all = [...answered.keys()];
      if (all.every((m) => emailed.has(m) && reached(m, "one") && reached(m, "two")))
        return {
          push: all.flatMap((m) => ["one", "two"].map((d) => reached(m, d)! - answered.get(m)!)),
          email: all.map((m) => emailed.get(m)! - answered.get(m)!),
        };
      if (Date.now() > deadline) throw new Error("not every enquiry reached both channels in time");
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    db.close();
  }
}

const line = (what: string, xs: number[]) =>
  `${what.padEnd(30)} median ${String(Math.round(median(xs))).padStart(6)} ms   p99 ${String(Math.round(quantile(xs, 0.99))).padStart(6)} ms   (${xs.length})`;
try {
  const alone = await delays(await send([`alone ${randomUUID()}`]));
  const burst = await delays(await send(Array.from({ length: BURST }, (_, i) => `burst ${i} ${randomUUID()}`)));
  console.log("From the POST's answer to the provider's request (two devices; EmailJS at 1 a second):");
  console.log(line("one enquiry: push (per device)", alone.push));
  console.log(line("one enquiry: e-mail", alone.email));
  console.log(line(`burst of ${BURST}: push (per device)`, burst.push));
  console.log(line(`burst of ${BURST}: e-mail`, burst.email));
} finally {
  await server.stop();
  await push.close();
  emailjs.close();
}
