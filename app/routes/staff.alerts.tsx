import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import * as z from "zod";
import { ALERTS } from "~/i18n/alerts";
import { parseStaffForm, staffForm } from "~/staff/form.server";
import { deviceName } from "~/staff/passkeys.server";
import { STAFF_PATHS } from "~/staff/paths";
import { devicesOf, removeDevice, subscribeDevice, SubscriptionForm, testDevice } from "~/staff/push-devices.server";
import { auditRefusal, requestMeta, requireStaff, staffStore, pushStore } from "~/staff/staff.server";
import { staffLocale } from "~/staff/locale.server";
import { AlertsButton } from "~/staff/ui/AlertsButton";
import { IntentButton } from "~/staff/ui/IntentButton";
import { hydrateHandle, staffTime, staffTitle, useSignedIn } from "~/staff/ui/staff-route";
import { memoryLimiter } from "~/utils/limiter.server";

export const handle = hydrateHandle;

const NOTICES = ["added", "removed", "tooMany", "testSent", "testGone", "testFailed", "testWait"] as const;
type Notice = (typeof NOTICES)[number];

/** Alerts (decision 0039): turn them on for this device, and the person's devices (name, last
 * reached, stale or not, remove). The list and removing work without JavaScript. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { settings: pushSettings, keys } = context.wiring.push;
  const staff = requireStaff(request, context);
  const search = new URL(request.url).searchParams;
  const settledBefore = new Date(Date.now() - pushSettings.confirmMs).toISOString();
  return {
    enabled: pushSettings.enabled,
    publicKey: pushSettings.enabled ? (await keys()).publicKey : "",
    max: pushSettings.maxDevices,
    suggestedName: deviceName(request.headers.get("user-agent")),
    devices: await devicesOf(pushStore(context), staff.id, settledBefore),
    notice: NOTICES.find((n) => search.has(n)),
  };
}

const AlertsAction = z.discriminatedUnion("intent", [
  SubscriptionForm.extend({ intent: z.literal("subscribe") }),
  z.object({ intent: z.literal("remove"), device: z.string().max(100) }),
  z.object({ intent: z.literal("test"), device: z.string().max(100) }),
]);

/** A test alert is a call to a push service per press: one per device each half minute. */
const testLimiter = memoryLimiter("push-test", 1, 30);

/** Keeps this browser's subscription (checked: a listed push service, keys on the curve, within
 * the person's bound), or removes one of the person's devices. Every change is audited. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { settings: pushSettings, keys } = context.wiring.push;
  const staff = requireStaff(request, context);
  const form = await staffForm(request);
  const tables = staffStore(context);
  const meta = { actor: staff, ...requestMeta(request, context) };
  const back = (notice: Notice) => redirect(`${STAFF_PATHS.alerts}?${notice}=1`, 303);
  if (form.get("intent") === "subscribe" && !pushSettings.enabled)
    throw new Response("Alerts are switched off on this site.", { status: 404 });
  let parsed: z.output<typeof AlertsAction>;
  try {
    parsed = parseStaffForm(form, AlertsAction);
  } catch (refusal) {
    // A subscription with keys no browser makes: refused, said in the audit log (throttled).
    if (form.get("intent") === "subscribe")
      await auditRefusal(tables, {
        event: "push-device-refused",
        outcome: "refused",
        ...meta,
        detail: { reason: "keys" },
      });
    throw refusal;
  }
  if (parsed.intent === "test") {
    if (!pushSettings.enabled) throw new Response("Alerts are switched off on this site.", { status: 404 });
    // Counted before the call: presses sent together must not all pass while the first is in flight.
    if (!(await testLimiter.hit(`${staff.id}:${parsed.device}`)).allowed) return back("testWait");
    const tested = await testDevice(pushStore(context), staff.id, parsed.device, await keys(), pushSettings);
    if (!tested) throw new Response("No such device of yours.", { status: 404 });
    const { outcome } = tested.sent;
    await tables.audit({
      event: "push-device-tested",
      outcome: "ok",
      ...meta,
      subject: tested.name,
      detail: tested.sent,
    });
    return back(outcome === "sent" ? "testSent" : outcome === "gone" ? "testGone" : "testFailed");
  }
  if (parsed.intent === "remove") {
    const name = await removeDevice(pushStore(context), staff.id, parsed.device);
    if (!name) throw new Response("No such device of yours.", { status: 404 });
    await tables.audit({ event: "push-device-removed", outcome: "ok", ...meta, subject: name });
    return back("removed");
  }
  const outcome = await subscribeDevice(
    pushStore(context),
    staff,
    { ...parsed, fallbackName: deviceName(request.headers.get("user-agent")), language: staffLocale(request) },
    pushSettings,
  );
  if (!outcome.ok) {
    await auditRefusal(tables, {
      event: "push-device-refused",
      outcome: "refused",
      ...meta,
      detail: { reason: outcome.reason },
    });
    return outcome.reason === "too-many"
      ? back("tooMany")
      : new Response("This push service is not one alerts may use.", { status: 400 });
  }
  await tables.audit({
    event: "push-device-added",
    outcome: "ok",
    ...meta,
    subject: outcome.name,
    ...(outcome.moved ? { detail: { movedFromAnother: true } } : {}),
  });
  return back("added");
}

export const meta: MetaFunction<typeof loader> = (args) => staffTitle(args, (locale) => ALERTS[locale].title);

export default function StaffAlerts() {
  const { locale } = useSignedIn();
  const { enabled, publicKey, max, suggestedName, devices, notice } = useLoaderData<typeof loader>();
  const t = ALERTS[locale];
  return (
    <section className="staff-card">
      <h1>{t.title}</h1>
      {notice ? (
        <p className="staff-notice" role="status">
          {notice === "tooMany" ? t.notice.tooMany(max) : t.notice[notice]}
        </p>
      ) : null}
      <p className="staff-hint">{t.lead}</p>
      {enabled ? (
        <AlertsButton locale={locale} publicKey={publicKey} suggestedName={suggestedName} />
      ) : (
        <p className="staff-note">{t.notice.off}</p>
      )}
      <h2>{t.devices}</h2>
      {devices.length === 0 ? <p>{t.none}</p> : null}
      <ul className="staff-list" data-devices={devices.length}>
        {devices.map((device) => (
          <li key={device.id} data-stale={device.stale || undefined}>
            <span>
              <strong>{device.name}</strong>
              <br />
              <small>
                {t.added(staffTime(device.createdAt, locale))},{" "}
                {device.lastReachedAt ? t.lastReached(staffTime(device.lastReachedAt, locale)) : t.notReached}
              </small>
              {device.stale ? <strong className="staff-error staff-flag">{t.stale}</strong> : null}
            </span>
            <span className="staff-actions">
              {(enabled ? (["test", "remove"] as const) : (["remove"] as const)).map((intent) => (
                <IntentButton
                  key={intent}
                  intent={intent}
                  fields={{ device: device.id }}
                  className="staff-button staff-button-quiet"
                  label={intent === "test" ? t.testLabel(device.name) : t.removeLabel(device.name)}
                >
                  {t[intent]}
                </IntentButton>
              ))}
            </span>
          </li>
        ))}
      </ul>
      {devices.some((d) => d.stale) ? <p className="staff-hint">{t.staleHint}</p> : null}
      <h2>{t.ios.title}</h2>
      <p>{t.ios.intro}</p>
      <ol>
        {t.ios.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="staff-hint">{t.ios.after}</p>
    </section>
  );
}
