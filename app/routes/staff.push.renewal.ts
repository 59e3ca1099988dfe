import type { ActionFunctionArgs } from "@remix-run/node";
import { readForm, staffForm } from "~/staff/form.server";
import { renewDevice, RenewalForm } from "~/staff/push-devices.server";
import { auditRefusal, requestMeta, staffStore, pushStore } from "~/staff/staff.server";
import { memoryLimiter } from "~/utils/limiter.server";

const answer = (status: number, headers: Record<string, string> = {}) =>
  new Response(null, { status, headers: { "Cache-Control": "no-store", ...headers } });

/** A browser renews a few times a year: more from one address is someone replaying a device's proof. */
const renewals = memoryLimiter("push-renewal", 10, 3600);

/** A subscription the browser renewed on its own, posted by the staff service worker: the device
 * keeps ringing without its person turning alerts on again. Refused (403, nothing changed) unless
 * the old subscription's auth secret matches; an endpoint off the listed push services, 400. */
export async function action({ request, context }: ActionFunctionArgs) {
  const pushSettings = context.wiring.push.settings;
  if (!pushSettings.enabled) return answer(404);
  const read = readForm(await staffForm(request), RenewalForm);
  if (!read.ok) return answer(400);
  const meta = requestMeta(request, context);
  const verdict = await renewals.hit(meta.address);
  if (!verdict.allowed) return answer(429, { "Retry-After": String(verdict.retryAfterSeconds) });
  const tables = staffStore(context);
  const outcome = await renewDevice(pushStore(context), read.value, pushSettings.services);
  if (!outcome.ok) {
    await auditRefusal(tables, {
      event: "push-device-refused",
      outcome: "refused",
      ...meta,
      detail: { reason: outcome.reason, renewal: true },
    });
    return answer(outcome.reason === "unknown-device" ? 403 : outcome.reason === "conflict" ? 409 : 400);
  }
  await tables.audit({
    event: "push-device-renewed",
    outcome: "ok",
    actor: outcome.member,
    ...meta,
    subject: outcome.name,
  });
  return answer(204);
}

export const loader = () => answer(405);
